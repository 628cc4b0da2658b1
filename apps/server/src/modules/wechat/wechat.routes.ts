import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import './wechat.messages.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { WechatError } from '../../platform/wechat/wechat-client.js';
import type { WechatModule } from './wechat.module.js';

export const registerWechatRoutes = (app: FastifyInstance, { jsSdk: client }: WechatModule) => {
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
