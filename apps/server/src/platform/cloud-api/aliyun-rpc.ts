import { createHmac, randomUUID } from 'node:crypto';
import type { FetchLike } from '../sms/sms-provider.js';

/*
 * The RPC-style signature (SignatureVersion 1.0):
 *   StringToSign = METHOD & percent("/") & percent(canonicalQuery)
 *   Signature    = base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign))
 * where canonicalQuery is the parameters sorted by name, each name and value percent-encoded.
 */

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

/**
 * One call of an Aliyun RPC-style API (SMS, 内容安全…): the action's own parameters plus the common ones
 * (key, nonce, timestamp, HMAC-SHA1 signature), POSTed as a form. Answers the raw response; a network
 * failure or timeout throws as fetch does, for the caller to word in its own errors.
 */
export const aliyunRpcPost = (input: {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  action: string;
  version: string;
  params: Record<string, string>;
  timeoutMs: number;
  fetch: FetchLike;
  now: () => Date;
  nonce?: () => string;
}): Promise<Response> => {
  const params: Record<string, string> = {
    ...input.params,
    AccessKeyId: input.accessKeyId,
    Action: input.action,
    Format: 'JSON',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: (input.nonce ?? randomUUID)(),
    SignatureVersion: '1.0',
    Timestamp: aliyunTimestamp(input.now()),
    Version: input.version,
  };
  params.Signature = aliyunSignature('POST', params, input.accessKeySecret);
  const body = Object.entries(params)
    .map(([k, v]) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(v)}`)
    .join('&');
  return input.fetch(input.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(input.timeoutMs),
  });
};
