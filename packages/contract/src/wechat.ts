import { z } from 'zod';
import { defineEndpoint } from './registry.js';

/**
 * WeChat JS-SDK config (spec §7 Other). The page sends its own URL (everything before `#`, as in
 * `location.href.split('#')[0]`) and passes the answer to `wx.config({ appId, timestamp, nonceStr, signature,
 * jsApiList })`. 503 `wechat_not_configured` while the server has no official-account credentials.
 */
export const genConfigParaBodySchema = z.object({
  url: z
    .string()
    .max(1024)
    .regex(/^https?:\/\/[^\s]+$/, 'field_invalid'),
});

export const jsSdkConfigSchema = z.object({
  appId: z.string(),
  /** Seconds since epoch. */
  timestamp: z.number().int(),
  nonceStr: z.string(),
  /** sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`. */
  signature: z.string(),
});

export const wechatEndpoints = {
  genConfigPara: defineEndpoint({
    method: 'POST',
    path: '/api/sysWechat/genConfigPara',
    auth: 'public',
    tag: 'other',
    summary: 'WeChat JS-SDK config for a page URL (jsapi ticket and access token cached until expiry)',
    body: genConfigParaBodySchema,
    result: jsSdkConfigSchema,
  }),
};
