import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Platform } from '../../platform/platform.js';
import { createAuthService, type AuthService } from './auth.service.js';
import {
  CAPTCHA_LENGTH,
  CAPTCHA_RESEND_SECONDS,
  createCaptchaService,
  type CaptchaService,
} from './captcha.service.js';
import { createWechatLoginService } from './wechat-login.service.js';

export interface AuthModule {
  captcha: CaptchaService;
  auth: AuthService;
}

/** SMS captcha, logins, tokens and WeChat log-in; answers the services other account routes use. */
export const registerAuthRoutes = (app: FastifyInstance, platform: Platform): AuthModule => {
  const { db, clock, config } = platform;
  const captcha = createCaptchaService({
    db,
    clock,
    sms: platform.providers.sms,
    secret: platform.secrets.smsCode,
    dailyLimitPerPhone: config.SMS_DAILY_LIMIT_PER_PHONE,
    dailyLimitPerIp: config.SMS_DAILY_LIMIT_PER_IP,
    log: platform.log,
  });
  const auth = createAuthService({ db, clock, sessions: platform.sessions, captcha });
  const wechat = createWechatLoginService({
    db,
    clock,
    captcha,
    miniProgram: platform.providers.wechat.miniProgram,
    mobileApp: platform.providers.wechat.mobileApp,
    secret: platform.secrets.wechatBind,
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
