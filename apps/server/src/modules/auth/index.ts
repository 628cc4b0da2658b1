// Public entry of the auth module: log-in by SMS, password and WeChat, and the captcha other modules verify.
export { authModule, type AuthModule } from './auth.module.js';
export { createCaptchaService, type CaptchaService } from './captcha.service.js';
export { boundWechatOpenid, deleteWechatBindings } from './wechat-binding.repository.js';
