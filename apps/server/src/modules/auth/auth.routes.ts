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
};
