// Public entry of the wechat module (JS-SDK signatures for the WeChat browser).
export { registerWechatRoutes } from './wechat.routes.js';
