import { tencentApi3Post } from '../../../platform/cloud-api/tencent-api3.js';
import {
  CloudModerationError,
  readAnswer,
  type CloudJudgement,
  type CloudModerator,
} from './cloud-moderator.js';

/**
 * Tencent 天御 图片内容安全 (IMS API 2020-12-29, Action ImageModeration), signed with TC3-HMAC-SHA256 (API 3.0,
 * the SMS signer's algorithm): the picture goes in the body as base64 (`FileContent`).
 */
export interface TencentModerationConfig {
  /** Default https://ims.tencentcloudapi.com */
  endpoint?: string;
  secretId: string;
  secretKey: string;
  /** Default ap-guangzhou. */
  region?: string;
  /** The policy configured in the console (BizType); the default policy when absent. */
  bizType?: string;
  timeoutMs?: number;
}

export interface TencentModerationDeps {
  fetch?: typeof fetch;
  now?: () => Date;
}

interface TencentAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    RequestId?: string;
    Suggestion?: string;
    Label?: string;
    SubLabel?: string;
    Score?: number;
    LabelResults?: { Label?: string; SubLabel?: string; Score?: number; Suggestion?: string }[];
  };
}

/** Suggestion Block: block; Review: review; Pass: pass. Score 0–100 of the label found (Normal: none). */
export const tencentJudgement = (answer: NonNullable<TencentAnswer['Response']>): CloudJudgement => {
  const verdict = answer.Suggestion === 'Block' ? 'block' : answer.Suggestion === 'Review' ? 'review' : 'pass';
  const found = (answer.LabelResults ?? []).filter((r) => r.Label && r.Label !== 'Normal' && r.Suggestion !== 'Pass');
  const normal = !answer.Label || answer.Label === 'Normal';
  return {
    verdict,
    risk: normal ? 0 : Math.min(1, Math.max(0, (answer.Score ?? 0) / 100)),
    labels: found.map((r) => (r.SubLabel ? `${r.Label}/${r.SubLabel}` : r.Label!)),
  };
};

export const createTencentModerator = (config: TencentModerationConfig, deps: TencentModerationDeps = {}): CloudModerator => {
  const endpoint = config.endpoint ?? 'https://ims.tencentcloudapi.com';
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());

  return {
    name: 'tencent',
    async judge(picture) {
      const payload = JSON.stringify({
        ...(config.bizType ? { BizType: config.bizType } : {}),
        DataId: picture.dataId,
        FileContent: picture.jpeg.toString('base64'),
      });
      let res: Response;
      try {
        res = await tencentApi3Post({
          endpoint,
          secretId: config.secretId,
          secretKey: config.secretKey,
          service: 'ims',
          action: 'ImageModeration',
          version: '2020-12-29',
          region: config.region ?? 'ap-guangzhou',
          payload,
          timeoutMs: config.timeoutMs ?? 10_000,
          fetch: doFetch,
          now,
        });
      } catch (err) {
        throw new CloudModerationError('tencent', 'NETWORK', (err as Error).message);
      }
      const answer = ((await readAnswer('tencent', res)) as TencentAnswer).Response;
      if (!answer) throw new CloudModerationError('tencent', `HTTP_${res.status}`, 'answer without Response');
      // API 3.0 answers HTTP 200 with Response.Error for signature, key, quota and parameter failures.
      if (answer.Error)
        throw new CloudModerationError('tencent', answer.Error.Code ?? 'Unknown', answer.Error.Message ?? '', answer.RequestId);
      if (!answer.Suggestion) throw new CloudModerationError('tencent', 'NoSuggestion', 'answer without Suggestion', answer.RequestId);
      return tencentJudgement(answer);
    },
  };
};
