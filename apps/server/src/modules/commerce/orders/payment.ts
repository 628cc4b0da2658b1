import { PayMethod, type PayParams } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Db } from '../../../platform/db/client.js';
import { badRequest } from '../../../platform/errors.js';
import type { PayGateways } from '../../../platform/pay/gateways.js';
import { boundWechatOpenid } from '../../auth/index.js';
import type { OrderRow } from '../commerce.mappers.js';

export const WECHAT_METHODS: number[] = [
  PayMethod.WxMiniProgram,
  PayMethod.WxOfficialAccount,
  PayMethod.WxScan,
  PayMethod.WxH5,
  PayMethod.AppWx,
];
export const ALIPAY_METHODS: number[] = [PayMethod.AlipayH5, PayMethod.AppAlipay];

export interface PaidNotice {
  orderNo: string;
  tradeNo: string;
  totalFen: number;
  provider: 'wechat' | 'alipay';
}

/** Talking to the payment providers: what the client needs to pay, and whether a "paid" notice fits the order. */
export const createOrderPayment = (deps: {
  db: Db;
  config: Config;
  gateways: PayGateways;
  log: FastifyBaseLogger;
}) => {
  const { db, config, gateways, log } = deps;

  return {
    /** Calls the provider for what the client needs to pay (outside the database transaction). */
    async prepay(
      order: OrderRow,
      input: { openid?: string; returnUrl?: string; ip: string },
    ): Promise<PayParams> {
      const base = {
        outTradeNo: order.orderNo,
        description: order.packageName,
        totalFen: order.amountFen,
        expiresAt: order.expiresAt,
      };
      // Alipay's two ways to pay take the same order, the description named `subject`.
      const aliOrder = {
        outTradeNo: base.outTradeNo,
        subject: base.description,
        totalFen: base.totalFen,
        expiresAt: base.expiresAt,
      };
      const wx = gateways.wechat;
      const ali = gateways.alipay;
      switch (order.payMethod) {
        case PayMethod.WxMiniProgram:
        case PayMethod.WxOfficialAccount: {
          let openid = input.openid;
          if (!openid) {
            const appId = config.WECHAT_PAY_APP_ID ?? config.WECHAT_APP_ID ?? '';
            openid = await boundWechatOpenid(db, order.tenantId, order.userId, appId);
          }
          if (!openid) throw badRequest('openid_required');
          const { payParams } = await wx!.jsapiPrepay({ ...base, openid });
          return { kind: 'jsapi', params: { ...payParams } };
        }
        case PayMethod.WxScan:
          return { kind: 'native', codeUrl: (await wx!.nativePrepay(base)).codeUrl };
        case PayMethod.WxH5: {
          const { h5Url } = await wx!.h5Prepay({ ...base, clientIp: input.ip });
          const url = input.returnUrl
            ? `${h5Url}&redirect_url=${encodeURIComponent(input.returnUrl)}`
            : h5Url;
          return { kind: 'h5', url };
        }
        case PayMethod.AppWx: {
          const { payParams } = await wx!.appPrepay(base);
          return { kind: 'app', params: { ...payParams } };
        }
        case PayMethod.AlipayH5:
          return {
            kind: 'alipay_wap',
            url: ali!.wapPayUrl({
              ...aliOrder,
              ...(input.returnUrl ? { returnUrl: input.returnUrl, quitUrl: input.returnUrl } : {}),
            }),
          };
        case PayMethod.AppAlipay:
          return {
            kind: 'alipay_app',
            orderString: ali!.appPayOrderString(aliOrder),
          };
        default:
          throw badRequest('pay_method_unavailable');
      }
    },

    /** The notice's provider and amount are the order's; a mismatch is logged for an operator. */
    noticeMatches(order: OrderRow, notice: PaidNotice): boolean {
      const methods = notice.provider === 'wechat' ? WECHAT_METHODS : ALIPAY_METHODS;
      if (methods.includes(order.payMethod) && notice.totalFen === order.amountFen) return true;
      log.error(
        {
          orderNo: order.orderNo,
          provider: notice.provider,
          totalFen: notice.totalFen,
          amountFen: order.amountFen,
        },
        'payment notification does not match the order',
      );
      return false;
    },
  };
};
