import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import './wechat.messages.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import type { Platform } from '../../platform/platform.js';
import { createWechatClient, WechatError, type WechatClient } from '../../platform/wechat/wechat-client.js';

/**
 * The JS-SDK is signed with the official account's (公众号) credentials: WECHAT_OA_APP_ID/SECRET, falling back
 * to WECHAT_APP_ID/SECRET when one WeChat app serves both. One client per process, so the access token and the
 * jsapi ticket are fetched once and cached until shortly before they expire.
 */
export const jsSdkClientFromConfig = (platform: Platform): WechatClient | null => {
  const { config } = platform;
  const appId = config.WECHAT_OA_APP_ID ?? config.WECHAT_APP_ID;
  const appSecret = config.WECHAT_OA_APP_ID ? config.WECHAT_OA_APP_SECRET : config.WECHAT_APP_SECRET;
  if (!appId || !appSecret) return null;
  return createWechatClient({
    baseUrl: config.WECHAT_API_BASE,
    appId,
    appSecret,
    now: () => platform.clock.now(),
  });
};

export const registerWechatRoutes = (app: FastifyInstance, platform: Platform) => {
  const client = jsSdkClientFromConfig(platform);
  registerEndpoint(
    app,
    endpoints.genConfigPara,
    async ({ body, req }) => {
      if (!client) throw new AppError(503, 'wechat_not_configured');
      try {
        return await client.jsSdkConfig(body.url);
      } catch (err) {
        if (!(err instanceof WechatError)) throw err;
        req.log.error({ err }, 'WeChat JS-SDK ticket failed');
        throw new AppError(502, 'wechat_unavailable');
      }
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
};
