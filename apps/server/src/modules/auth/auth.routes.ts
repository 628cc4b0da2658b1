import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { ConfigError, type Config } from '../../config.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Platform } from '../../platform/platform.js';
import { loadOrCreateSecret } from '../../platform/secrets.js';
import { createAliyunSms } from '../../platform/sms/aliyun-sms.js';
import { createConsoleSms } from '../../platform/sms/console-sms.js';
import type { SmsProvider } from '../../platform/sms/sms-provider.js';
import { createTencentSms } from '../../platform/sms/tencent-sms.js';
import { createWechatClient, type WechatClient } from '../../platform/wechat/wechat-client.js';
import { createAuthService, type AuthService } from './auth.service.js';
import {
  CAPTCHA_LENGTH,
  CAPTCHA_RESEND_SECONDS,
  createCaptchaService,
  type CaptchaService,
} from './captcha.service.js';
import { createWechatLoginService } from './wechat-login.service.js';

const required = (config: Config, names: (keyof Config)[]) => {
  const missing = names.filter((n) => !config[n]);
  if (missing.length)
    throw new ConfigError(`SMS_PROVIDER=${config.SMS_PROVIDER} needs ${missing.join(', ')}`);
};

/** The SMS provider SMS_PROVIDER names, with its keys from the environment. */
export const smsProviderFromConfig = (platform: Platform): SmsProvider => {
  const { config } = platform;
  if (config.SMS_PROVIDER === 'aliyun') {
    required(config, [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ]);
    return createAliyunSms({
      ...(config.ALIYUN_SMS_ENDPOINT ? { endpoint: config.ALIYUN_SMS_ENDPOINT } : {}),
      accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: config.SMS_SIGN_NAME,
      templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
    });
  }
  if (config.SMS_PROVIDER === 'tencent') {
    required(config, [
      'TENCENT_SMS_SECRET_ID',
      'TENCENT_SMS_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
      'TENCENT_SMS_TEMPLATE_ID',
    ]);
    return createTencentSms({
      ...(config.TENCENT_SMS_ENDPOINT ? { endpoint: config.TENCENT_SMS_ENDPOINT } : {}),
      secretId: config.TENCENT_SMS_SECRET_ID!,
      secretKey: config.TENCENT_SMS_SECRET_KEY!,
      region: config.TENCENT_SMS_REGION,
      smsSdkAppId: config.TENCENT_SMS_SDK_APP_ID!,
      signName: config.SMS_SIGN_NAME,
      templateId: config.TENCENT_SMS_TEMPLATE_ID!,
    });
  }
  return createConsoleSms({
    dataDir: platform.dataDir,
    logger: platform.log,
    signName: config.SMS_SIGN_NAME,
    now: () => platform.clock.now(),
  });
};

/** WeChat clients of the configured apps: the mini program and the open-platform mobile app. */
export const wechatClientsFromConfig = (config: Config) => {
  const make = (appId?: string, appSecret?: string): WechatClient | undefined =>
    appId && appSecret
      ? createWechatClient({ baseUrl: config.WECHAT_API_BASE, appId, appSecret })
      : undefined;
  const miniProgram = make(config.WECHAT_APP_ID, config.WECHAT_APP_SECRET);
  const mobileApp = config.WECHAT_MOBILE_APP_ID
    ? make(config.WECHAT_MOBILE_APP_ID, config.WECHAT_MOBILE_APP_SECRET)
    : miniProgram;
  return { miniProgram, mobileApp };
};

export interface AuthModule {
  captcha: CaptchaService;
  auth: AuthService;
}

/** Issue 4 points 1, 2 and 5. Answers the services other account routes use. */
export const registerAuthRoutes = (app: FastifyInstance, platform: Platform): AuthModule => {
  const { db, clock, config } = platform;
  const captcha = createCaptchaService({
    db,
    clock,
    sms: smsProviderFromConfig(platform),
    secret: loadOrCreateSecret(platform.dataDir, 'sms-code'),
    dailyLimitPerPhone: config.SMS_DAILY_LIMIT_PER_PHONE,
    dailyLimitPerIp: config.SMS_DAILY_LIMIT_PER_IP,
    log: platform.log,
  });
  const auth = createAuthService({ db, clock, sessions: platform.sessions, captcha });
  const wechat = createWechatLoginService({
    db,
    clock,
    captcha,
    ...wechatClientsFromConfig(config),
    secret: loadOrCreateSecret(platform.dataDir, 'wechat-bind'),
    startSession: auth.startSession,
  });

  registerEndpoint(
    app,
    endpoints.sendCaptcha,
    ({ body, tenantId, ip }) => captcha.send({ tenantId, phone: body.phone, ip }),
    // A coarse per-IP guard in front of the per-phone and daily rules of the service.
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(
    app,
    endpoints.phoneLogin,
    ({ body, tenantId }) => auth.phoneLogin({ tenantId, ...body }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  registerEndpoint(
    app,
    endpoints.passwordLogin,
    ({ body, tenantId }) => auth.passwordLogin({ tenantId, ...body }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.visitorLogin, ({ tenantId }) => auth.visitorLogin(tenantId), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.logout, ({ auth: caller }) => auth.logout(caller));
  registerEndpoint(app, endpoints.refreshToken, ({ body }) => auth.refresh(body.refreshToken));
  registerEndpoint(app, endpoints.loginConfig, () => ({
    sms: true,
    password: true,
    visitor: true,
    wechat: wechat.enabled(),
    smsResendSeconds: CAPTCHA_RESEND_SECONDS,
    smsCodeLength: CAPTCHA_LENGTH,
  }));
  registerEndpoint(app, endpoints.authUserInfo, ({ auth: caller }) => auth.userInfo(caller));

  registerEndpoint(app, endpoints.wxLogin, ({ body, tenantId }) =>
    wechat.miniProgramLogin(tenantId, body.code),
  );
  registerEndpoint(app, endpoints.wxMobileAppLogin, ({ body, tenantId }) =>
    wechat.mobileAppLogin(tenantId, body.code),
  );
  registerEndpoint(app, endpoints.wxPhoneBindWeiXin, ({ body, tenantId }) =>
    wechat.bindByWeixinPhone(tenantId, body.bindTicket, body.code),
  );
  registerEndpoint(app, endpoints.wxPhoneBindSms, ({ body, tenantId }) =>
    wechat.bindBySms({ tenantId, ...body }),
  );
  registerEndpoint(app, endpoints.generateScheme, ({ body }) => wechat.generateScheme(body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  return { captcha, auth };
};
