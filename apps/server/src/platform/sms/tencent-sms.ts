import { createHash, createHmac } from 'node:crypto';
import { SmsError, e164, readJson, type FetchLike, type SmsProvider } from './sms-provider.js';

/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms) signed with TC3-HMAC-SHA256 (signature v3):
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

export interface TencentSmsConfig {
  /** Default https://sms.tencentcloudapi.com */
  endpoint?: string;
  secretId: string;
  secretKey: string;
  /** Default ap-guangzhou. */
  region?: string;
  smsSdkAppId: string;
  signName: string;
  templateId: string;
  /** TemplateParamSet for a code; default [code, ttl minutes] for "验证码为{1}，{2}分钟内有效". */
  templateParams?: (code: string, ttlMinutes: number) => string[];
  /** Service name in the credential scope; "sms" (not derivable from a test server's host). */
  service?: string;
  timeoutMs?: number;
}

export interface TencentSmsDeps {
  fetch?: FetchLike;
  now?: () => Date;
}

interface TencentAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    RequestId?: string;
    SendStatusSet?: { Code?: string; Message?: string; PhoneNumber?: string; SerialNo?: string }[];
  };
}

export const createTencentSms = (config: TencentSmsConfig, deps: TencentSmsDeps = {}): SmsProvider => {
  const endpoint = config.endpoint ?? 'https://sms.tencentcloudapi.com';
  const host = new URL(endpoint).host;
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const templateParams = config.templateParams ?? ((code: string, ttl: number) => [code, String(ttl)]);

  return {
    name: 'tencent',
    async send(phone, code, ttlMinutes) {
      const payload = JSON.stringify({
        PhoneNumberSet: [e164(phone)],
        SmsSdkAppId: config.smsSdkAppId,
        SignName: config.signName,
        TemplateId: config.templateId,
        TemplateParamSet: templateParams(code, ttlMinutes),
      });
      const timestamp = Math.floor(now().getTime() / 1000);
      const { authorization } = tc3Sign({
        secretId: config.secretId,
        secretKey: config.secretKey,
        service: config.service ?? 'sms',
        host,
        timestamp,
        payload,
      });
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/json; charset=utf-8',
            'x-tc-action': 'SendSms',
            'x-tc-version': '2021-01-11',
            'x-tc-timestamp': String(timestamp),
            'x-tc-region': config.region ?? 'ap-guangzhou',
          },
          body: payload,
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsError('tencent', 'NETWORK', (err as Error).message);
      }
      const answer = ((await readJson('tencent', res)) as TencentAnswer).Response;
      if (!answer) throw new SmsError('tencent', `HTTP_${res.status}`, 'answer without Response');
      // A request-level failure (signature, keys, parameters) carries Response.Error …
      if (answer.Error) {
        throw new SmsError(
          'tencent',
          answer.Error.Code ?? 'Unknown',
          answer.Error.Message ?? '',
          answer.RequestId,
        );
      }
      // … while each number has its own status: "Ok", or e.g. LimitExceeded.PhoneNumberDailyLimit.
      const status = answer.SendStatusSet?.[0];
      if (!status || status.Code !== 'Ok') {
        throw new SmsError(
          'tencent',
          status?.Code ?? 'NoStatus',
          status?.Message ?? 'no send status in the answer',
          answer.RequestId,
        );
      }
    },
  };
};
