import { DEVICE_ID_HEADER, deviceIdSchema, endpoints } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { CAPTCHA_LENGTH, CAPTCHA_RESEND_SECONDS } from './captcha.service.js';
import type { AuthModule } from './auth.module.js';

/** The web app's device id header when well formed (anything else counts as no device). */
const deviceIdOf = (req: FastifyRequest): string | null => {
  const parsed = deviceIdSchema.safeParse(req.headers[DEVICE_ID_HEADER]);
  return parsed.success ? parsed.data : null;
};

/** SMS captcha, logins, tokens and WeChat log-in (services built by auth.module.ts). */
export const registerAuthRoutes = (app: FastifyInstance, { captcha, auth, wechat, humanCheck }: AuthModule) => {
  registerEndpoint(
    app,
    endpoints.sendCaptcha,
    ({ actor, body, req }) =>
      captcha.send(actor, body.phone, { deviceId: deviceIdOf(req), humanCheck: body.humanCheck }),
    // A coarse per-IP guard in front of the per-phone and daily rules of the service.
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, endpoints.humanCheck, () => humanCheck.challenge(), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  registerEndpoint(
    app,
    endpoints.phoneLogin,
    ({ actor, body, req }) => auth.phoneLogin(actor, body, deviceIdOf(req)),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
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
