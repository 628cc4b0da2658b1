import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { CAPTCHA_LENGTH, CAPTCHA_RESEND_SECONDS } from './captcha.service.js';
import type { AuthModule } from './auth.module.js';

/** SMS captcha, logins, tokens and WeChat log-in (services built by auth.module.ts). */
export const registerAuthRoutes = (app: FastifyInstance, { captcha, auth, wechat }: AuthModule) => {
  registerEndpoint(
    app,
    endpoints.sendCaptcha,
    ({ actor, body }) => captcha.send(actor, body.phone),
    // A coarse per-IP guard in front of the per-phone and daily rules of the service.
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.phoneLogin, ({ actor, body }) => auth.phoneLogin(actor, body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.passwordLogin, ({ actor, body }) => auth.passwordLogin(actor, body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.visitorLogin, ({ actor }) => auth.visitorLogin(actor), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  registerEndpoint(app, endpoints.logout, ({ auth: session }) => auth.logout(session.sessionId));
  registerEndpoint(app, endpoints.refreshToken, ({ body }) => auth.refresh(body.refreshToken));
  registerEndpoint(app, endpoints.loginConfig, () => ({
    sms: true,
    password: true,
    visitor: true,
    wechat: wechat.enabled(),
    smsResendSeconds: CAPTCHA_RESEND_SECONDS,
    smsCodeLength: CAPTCHA_LENGTH,
  }));
  registerEndpoint(app, endpoints.authUserInfo, ({ actor, auth: session }) =>
    auth.userInfo(actor, session.permissions),
  );

  registerEndpoint(app, endpoints.wxLogin, ({ actor, body }) => wechat.miniProgramLogin(actor, body.code));
  registerEndpoint(app, endpoints.wxMobileAppLogin, ({ actor, body }) =>
    wechat.mobileAppLogin(actor, body.code),
  );
  registerEndpoint(app, endpoints.wxPhoneBindWeiXin, ({ actor, body }) =>
    wechat.bindByWeixinPhone(actor, body.bindTicket, body.code),
  );
  registerEndpoint(app, endpoints.wxPhoneBindSms, ({ actor, body }) => wechat.bindBySms(actor, body));
  registerEndpoint(app, endpoints.generateScheme, ({ body }) => wechat.generateScheme(body), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
};
