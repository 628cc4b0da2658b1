import type { Config } from '../../config.js';
import type { Clock } from '../clock.js';
import { createAlipay, type Alipay } from './alipay.js';
import { createWechatPay, type WechatPay } from './wechat-pay.js';

export interface PayGateways {
  /** null when the WeChat Pay merchant is not configured. */
  wechat: WechatPay | null;
  /** null when the Alipay app is not configured. */
  alipay: Alipay | null;
}

/** Keys in environment variables often carry `\n` escapes instead of newlines. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

const notifyUrl = (config: Config, explicit: string | undefined, path: string) =>
  explicit ?? (config.PUBLIC_BASE_URL ? new URL(path, config.PUBLIC_BASE_URL).toString() : undefined);

/** Builds the pay adapters from merchant settings; a method whose settings are incomplete stays off. */
export const createPayGateways = (config: Config, clock: Clock): PayGateways => {
  let wechat: WechatPay | null = null;
  const wxAppId = config.WECHAT_PAY_APP_ID ?? config.WECHAT_APP_ID;
  const wxNotify = notifyUrl(config, config.WECHAT_PAY_NOTIFY_URL, '/api/sysPay/notify/wechat');
  if (
    config.WECHAT_PAY_MCH_ID &&
    wxAppId &&
    config.WECHAT_PAY_SERIAL_NO &&
    config.WECHAT_PAY_PRIVATE_KEY &&
    config.WECHAT_PAY_API_V3_KEY &&
    config.WECHAT_PAY_PUBLIC_KEY_ID &&
    config.WECHAT_PAY_PUBLIC_KEY &&
    wxNotify
  ) {
    wechat = createWechatPay({
      baseUrl: config.WECHAT_PAY_BASE_URL,
      mchId: config.WECHAT_PAY_MCH_ID,
      appId: wxAppId,
      serialNo: config.WECHAT_PAY_SERIAL_NO,
      privateKey: pem(config.WECHAT_PAY_PRIVATE_KEY),
      apiV3Key: config.WECHAT_PAY_API_V3_KEY,
      platformKeys: { [config.WECHAT_PAY_PUBLIC_KEY_ID]: pem(config.WECHAT_PAY_PUBLIC_KEY) },
      notifyUrl: wxNotify,
      now: () => clock.now(),
    });
  }
  let alipay: Alipay | null = null;
  if (config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY) {
    alipay = createAlipay({
      gateway: config.ALIPAY_GATEWAY,
      appId: config.ALIPAY_APP_ID,
      privateKey: pem(config.ALIPAY_PRIVATE_KEY),
      alipayPublicKey: pem(config.ALIPAY_PUBLIC_KEY),
      notifyUrl: notifyUrl(config, config.ALIPAY_NOTIFY_URL, '/api/sysPay/notify/alipay'),
      returnUrl: config.ALIPAY_RETURN_URL,
      now: () => clock.now(),
    });
  }
  return { wechat, alipay };
};
