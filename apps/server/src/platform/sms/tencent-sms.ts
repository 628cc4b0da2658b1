import { tencentApi3Post } from '../cloud-api/tencent-api3.js';
import { SmsError, e164, readJson, type FetchLike, type SmsProvider } from './sms-provider.js';

/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms) signed with TC3-HMAC-SHA256 (signature v3):
 *   CanonicalRequest = METHOD \n / \n query \n canonicalHeaders \n signedHeaders \n hex(sha256(body))
 *   StringToSign     = "TC3-HMAC-SHA256" \n timestamp \n date/service/tc3_request \n hex(sha256(CanonicalRequest))
 *   key              = HMAC(HMAC(HMAC("TC3" + SecretKey, date), service), "tc3_request")
 *   Signature        = hex(HMAC(key, StringToSign))
 * date is the UTC day of the timestamp (not the local day: the classic midnight bug).
 */

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
      let res: Response;
      try {
        res = await tencentApi3Post({
          endpoint,
          secretId: config.secretId,
          secretKey: config.secretKey,
          service: config.service ?? 'sms',
          action: 'SendSms',
          version: '2021-01-11',
          region: config.region ?? 'ap-guangzhou',
          payload,
          timeoutMs: config.timeoutMs ?? 10_000,
          fetch: doFetch,
          now,
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
