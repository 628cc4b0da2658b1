import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import { registerWechatRoutes } from './wechat.routes.js';

/** The WeChat JS-SDK client as configured (null when WeChat is not configured). */
export const createWechatModule = (platform: Platform) => ({ jsSdk: platform.providers.wechat.jsSdk });
export type WechatModule = ReturnType<typeof createWechatModule>;

/** WeChat's JS-SDK signatures composed: the client and its route. */
export const registerWechatModule = (app: FastifyInstance, platform: Platform): WechatModule => {
  const wechat = createWechatModule(platform);
  registerWechatRoutes(app, wechat);
  return wechat;
};
