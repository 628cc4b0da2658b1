import { aliyunRpcPost } from '../../../platform/cloud-api/aliyun-rpc.js';
import {
  CloudModerationError,
  readAnswer,
  type CloudJudgement,
  type CloudModerator,
  type CloudPicture,
} from './cloud-moderator.js';

/**
 * Aliyun 内容安全 增强版 image moderation (Green 2022-03-02, Action ImageModeration), an RPC-style call signed with
 * SignatureVersion 1.0 (HMAC-SHA1 over the sorted, percent-encoded parameters; the SMS signer's algorithm).
 * The service reads the picture from a URL (`ServiceParameters.imageUrl`), so the picture is offered to it at a
 * short-lived signed link of ours (`publish`), taken back after the answer.
 */
export interface AliyunModerationConfig {
  /** Default https://green-cip.cn-shanghai.aliyuncs.com/ */
  endpoint?: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** The detection service (default `baselineCheck`, 通用基线检测). */
  service?: string;
  regionId?: string;
  timeoutMs?: number;
}

export interface AliyunModerationDeps {
  /** Makes the picture reachable at an absolute URL for a while; `done` takes it back. */
  publish(picture: CloudPicture): Promise<{ url: string; done: () => Promise<void> }>;
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
}

interface AliyunAnswer {
  Code?: number | string;
  Msg?: string;
  Message?: string;
  RequestId?: string;
  Data?: { Result?: { Label?: string; Confidence?: number }[]; RiskLevel?: string };
}

/** RiskLevel high: block; medium: review; low and none: pass (Aliyun's documented levels). */
const verdictOf = (level: string | undefined): CloudJudgement['verdict'] =>
  level === 'high' ? 'block' : level === 'medium' ? 'review' : 'pass';

/** The judgement in a successful answer: labels other than `nonLabel`, confidence 0–100 scaled to 0–1. */
export const aliyunJudgement = (data: NonNullable<AliyunAnswer['Data']>): CloudJudgement => {
  const found = (data.Result ?? []).filter((r) => r.Label && r.Label !== 'nonLabel');
  return {
    verdict: verdictOf(data.RiskLevel),
    risk: Math.min(1, Math.max(0, ...found.map((r) => (r.Confidence ?? 0) / 100))),
    labels: found.map((r) => r.Label!),
  };
};

export const createAliyunModerator = (config: AliyunModerationConfig, deps: AliyunModerationDeps): CloudModerator => {
  const endpoint = config.endpoint ?? 'https://green-cip.cn-shanghai.aliyuncs.com/';
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const nonce = deps.nonce;

  const call = async (imageUrl: string, dataId: string): Promise<AliyunAnswer> => {
    let res: Response;
    try {
      res = await aliyunRpcPost({
        endpoint,
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        action: 'ImageModeration',
        version: '2022-03-02',
        params: {
          RegionId: config.regionId ?? 'cn-shanghai',
          Service: config.service ?? 'baselineCheck',
          ServiceParameters: JSON.stringify({ imageUrl, dataId }),
        },
        timeoutMs: config.timeoutMs ?? 10_000,
        fetch: doFetch,
        now,
        nonce,
      });
    } catch (err) {
      throw new CloudModerationError('aliyun', 'NETWORK', (err as Error).message);
    }
    const answer = (await readAnswer('aliyun', res)) as AliyunAnswer;
    // Key and signature errors come as HTTP 4xx with a string Code; the service's own as Code ≠ 200 in the body.
    if (!res.ok || Number(answer.Code) !== 200 || !answer.Data)
      throw new CloudModerationError(
        'aliyun',
        String(answer.Code ?? `HTTP_${res.status}`),
        answer.Msg ?? answer.Message ?? 'no message',
        answer.RequestId,
      );
    return answer;
  };

  return {
    name: 'aliyun',
    async judge(picture) {
      const link = await deps.publish(picture);
      try {
        return aliyunJudgement((await call(link.url, picture.dataId)).Data!);
      } finally {
        await link.done().catch(() => undefined);
      }
    },
  };
};
