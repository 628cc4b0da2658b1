import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';

/** The WeChat JS-SDK client as configured (null when WeChat is not configured). */
export const createWechatModule = (platform: Platform) => ({ jsSdk: platform.providers.wechat.jsSdk });
export type WechatModule = ReturnType<typeof createWechatModule>;

/** WeChat's JS-SDK signatures: the client and its route. */
export const wechatModule = defineModule({
  name: 'wechat',
  create: createWechatModule,
  routes: async (app, wechat) => (await import('./wechat.routes.js')).registerWechatRoutes(app, wechat),
});
