import { createHash, createHmac } from 'node:crypto';
import type { FetchLike } from '../sms/sms-provider.js';

/*
 * TC3-HMAC-SHA256 (signature v3):
 *   CanonicalRequest = METHOD \n / \n query \n canonicalHeaders \n signedHeaders \n hex(sha256(body))
 *   StringToSign     = "TC3-HMAC-SHA256" \n timestamp \n date/service/tc3_request \n hex(sha256(CanonicalRequest))
 *   key              = HMAC(HMAC(HMAC("TC3" + SecretKey, date), service), "tc3_request")
 *   Signature        = hex(HMAC(key, StringToSign))
 * date is the UTC day of the timestamp (not the local day: the classic midnight bug).
 */

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  /** Unix seconds, sent as X-TC-Timestamp. */
  timestamp: number;
  payload: string;
  method?: 'POST' | 'GET';
  contentType?: string;
  query?: string;
}

export interface Tc3Result {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  authorization: string;
}

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: string | Buffer, msg: string) => createHmac('sha256', key).update(msg, 'utf8').digest();

export const tc3Sign = (input: Tc3Input): Tc3Result => {
  const method = input.method ?? 'POST';
  const contentType = input.contentType ?? 'application/json; charset=utf-8';
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    method,
    '/',
    input.query ?? '',
    `content-type:${contentType.toLowerCase()}\nhost:${input.host.toLowerCase()}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return {
    canonicalRequest,
    stringToSign,
    signature,
    authorization: `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
};

/**
 * One call of a Tencent Cloud API 3.0 action (SMS, 天御 IMS…): a JSON body signed with TC3-HMAC-SHA256 and
 * the action, version, timestamp and region headers. Answers the raw response; a network failure or timeout
 * throws as fetch does, for the caller to word in its own errors.
 */
export const tencentApi3Post = (input: {
  endpoint: string;
  secretId: string;
  secretKey: string;
  service: string;
  action: string;
  version: string;
  region: string;
  payload: string;
  timeoutMs: number;
  fetch: FetchLike;
  now: () => Date;
}): Promise<Response> => {
  const timestamp = Math.floor(input.now().getTime() / 1000);
  const { authorization } = tc3Sign({
    secretId: input.secretId,
    secretKey: input.secretKey,
    service: input.service,
    host: new URL(input.endpoint).host,
    timestamp,
    payload: input.payload,
  });
  return input.fetch(input.endpoint, {
    method: 'POST',
    headers: {
      authorization,
      'content-type': 'application/json; charset=utf-8',
      'x-tc-action': input.action,
      'x-tc-version': input.version,
      'x-tc-timestamp': String(timestamp),
      'x-tc-region': input.region,
    },
    body: input.payload,
    signal: AbortSignal.timeout(input.timeoutMs),
  });
};
