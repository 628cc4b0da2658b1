// Public entry of the wechat module (JS-SDK signatures for the WeChat browser).
export { wechatModule } from './wechat.module.js';
