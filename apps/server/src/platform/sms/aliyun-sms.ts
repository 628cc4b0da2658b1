import { createHmac, randomUUID } from 'node:crypto';
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

/**
 * Percent-encoding of the signature algorithm: UTF-8, only A–Z a–z 0–9 - _ . ~ left as they are,
 * space as %20 (not +), hex in upper case. encodeURIComponent also leaves ! ' ( ) * alone, so those are added.
 */
export const aliyunPercentEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

export const aliyunCanonicalQuery = (params: Record<string, string>): string =>
  Object.keys(params)
    .filter((key) => key !== 'Signature')
    // Sorted by name in byte order (names are ASCII), as the documentation requires.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${aliyunPercentEncode(key)}=${aliyunPercentEncode(params[key]!)}`)
    .join('&');

export const aliyunStringToSign = (method: 'GET' | 'POST', params: Record<string, string>): string =>
  `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;

export const aliyunSignature = (
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string =>
  createHmac('sha1', `${accessKeySecret}&`)
    .update(aliyunStringToSign(method, params), 'utf8')
    .digest('base64');

/** Aliyun wants UTC ISO 8601 without milliseconds: 2017-07-12T02:42:19Z. */
const aliyunTimestamp = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

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
  const nonce = deps.nonce ?? randomUUID;
  const templateParams = config.templateParams ?? ((code: string) => ({ code }));

  return {
    name: 'aliyun',
    async send(phone, code, ttlMinutes) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: mainlandNumber(phone),
        RegionId: config.regionId ?? 'cn-hangzhou',
        SignName: config.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: nonce(),
        SignatureVersion: '1.0',
        TemplateCode: config.templateCode,
        TemplateParam: JSON.stringify(templateParams(code, ttlMinutes)),
        Timestamp: aliyunTimestamp(now()),
        Version: '2017-05-25',
      };
      params.Signature = aliyunSignature('POST', params, config.accessKeySecret);
      const body = Object.entries(params)
        .map(([k, v]) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(v)}`)
        .join('&');

      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
            accept: 'application/json',
          },
          body,
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
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
