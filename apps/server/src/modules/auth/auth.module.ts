import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createCaptchaService } from './captcha.service.js';
import { createWechatLoginService } from './wechat-login.service.js';

/** Auth's services, built once per app: SMS captcha, logins and tokens, WeChat log-in. */
export const createAuthModule = (platform: Platform) => {
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
  return { captcha, auth, wechat };
};
export type AuthModule = ReturnType<typeof createAuthModule>;

/** Auth composed: its services and routes. Answers the services other account routes use (the captcha). */
export const registerAuthModule = (app: FastifyInstance, platform: Platform): AuthModule => {
  const authModule = createAuthModule(platform);
  registerAuthRoutes(app, authModule);
  return authModule;
};
