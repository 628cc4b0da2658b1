import { aliyunRpcPost } from '../cloud-api/aliyun-rpc.js';
import { SmsError, mainlandNumber, readJson, type FetchLike, type SmsProvider } from './sms-provider.js';

/**
 * Aliyun SMS (Dysmsapi 2017-05-25, SendSms) with the RPC-style signature (SignatureVersion 1.0):
 *   StringToSign = METHOD & percent("/") & percent(canonicalQuery)
 *   Signature    = base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign))
 * where canonicalQuery is the parameters sorted by name, each name and value percent-encoded.
 */

export interface AliyunSmsConfig {
  /** Default https://dysmsapi.aliyuncs.com/ */
  endpoint?: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  regionId?: string;
  /** TemplateParam for a code; default `{ code }` (the usual `${code}` verification template). */
  templateParams?: (code: string, ttlMinutes: number) => Record<string, string>;
  timeoutMs?: number;
}

export interface AliyunSmsDeps {
  fetch?: FetchLike;
  now?: () => Date;
  nonce?: () => string;
}


interface AliyunAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  BizId?: string;
}

export const createAliyunSms = (config: AliyunSmsConfig, deps: AliyunSmsDeps = {}): SmsProvider => {
  const endpoint = config.endpoint ?? 'https://dysmsapi.aliyuncs.com/';
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const nonce = deps.nonce;
  const templateParams = config.templateParams ?? ((code: string) => ({ code }));

  return {
    name: 'aliyun',
    async send(phone, code, ttlMinutes) {
      let res: Response;
      try {
        res = await aliyunRpcPost({
          endpoint,
          accessKeyId: config.accessKeyId,
          accessKeySecret: config.accessKeySecret,
          action: 'SendSms',
          version: '2017-05-25',
          params: {
            PhoneNumbers: mainlandNumber(phone),
            RegionId: config.regionId ?? 'cn-hangzhou',
            SignName: config.signName,
            TemplateCode: config.templateCode,
            TemplateParam: JSON.stringify(templateParams(code, ttlMinutes)),
          },
          timeoutMs: config.timeoutMs ?? 10_000,
          fetch: doFetch,
          now,
          nonce,
        });
      } catch (err) {
        throw new SmsError('aliyun', 'NETWORK', (err as Error).message);
      }
      const answer = (await readJson('aliyun', res)) as AliyunAnswer;
      // Business refusals (rate limits, bad template) come back as HTTP 200 with Code ≠ "OK";
      // signature and key errors as HTTP 4xx with the same fields.
      if (!res.ok || answer.Code !== 'OK') {
        throw new SmsError(
          'aliyun',
          answer.Code ?? `HTTP_${res.status}`,
          answer.Message ?? 'no message',
          answer.RequestId,
        );
      }
    },
  };
};
