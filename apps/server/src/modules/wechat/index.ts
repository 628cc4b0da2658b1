// Public entry of the wechat module (JS-SDK signatures for the WeChat browser).
export { registerWechatModule } from './wechat.module.js';
