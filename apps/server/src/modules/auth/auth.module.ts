import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createAuthRepositories } from './auth.repository.js';
import { createAuthService } from './auth.service.js';
import { createCaptchaService } from './captcha.service.js';
import { createHumanCheck } from './human-check.js';
import { createWechatLoginService } from './wechat-login.service.js';

/** Auth's services, built once per app: SMS captcha, logins and tokens, WeChat log-in. */
export const createAuthModule = (platform: Platform) => {
  const { db, clock, config } = platform;
  const store = createAuthRepositories(db);
  const humanCheck = createHumanCheck({ clock, secret: platform.secrets.smsCode });
  const captcha = createCaptchaService({
    humanCheck,
    db,
    store,
    clock,
    sms: platform.providers.sms,
    secret: platform.secrets.smsCode,
    dailyLimitPerPhone: config.SMS_DAILY_LIMIT_PER_PHONE,
    dailyLimitPerIp: config.SMS_DAILY_LIMIT_PER_IP,
    log: platform.log,
  });
  const auth = createAuthService({ db, store, clock, sessions: platform.sessions, captcha });
  const wechat = createWechatLoginService({
    db,
    store,
    clock,
    captcha,
    miniProgram: platform.providers.wechat.miniProgram,
    mobileApp: platform.providers.wechat.mobileApp,
    secret: platform.secrets.wechatBind,
    startSession: auth.startSession,
  });
  return { captcha, auth, wechat, humanCheck };
};
export type AuthModule = ReturnType<typeof createAuthModule>;

/** Auth: its services and routes; other account routes use its captcha. */
export const authModule = defineModule({
  name: 'auth',
  create: createAuthModule,
  routes: async (app, auth) => (await import('./auth.routes.js')).registerAuthRoutes(app, auth),
});
