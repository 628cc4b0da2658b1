/**
 * SMS providers behind one interface. The captcha service picks one by configuration:
 * `console` (default, a dev outbox), `aliyun` (Dysmsapi SendSms) or `tencent` (SMS API 2021-01-11 SendSms).
 */
export interface SmsProvider {
  readonly name: string;
  /** Sends a verification code; resolves when the provider accepted it, throws SmsError otherwise. */
  send(phone: string, code: string, ttlMinutes: number): Promise<void>;
}

/** A provider refused or failed to take the message. `code` is the provider's own error code. */
export class SmsError extends Error {
  constructor(
    readonly provider: string,
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(`${provider} SMS failed (${code}): ${message}${requestId ? ` [request ${requestId}]` : ''}`);
    this.name = 'SmsError';
  }
}

/** The national number of a mainland phone written with or without +86 / 0086. */
export const mainlandNumber = (phone: string): string => phone.trim().replace(/^(?:\+86|0086)/, '');

/** E.164 form (+86…); numbers already starting with + are kept as they are. */
export const e164 = (phone: string): string => {
  const trimmed = phone.trim();
  if (trimmed.startsWith('+')) return trimmed;
  if (trimmed.startsWith('00')) return `+${trimmed.slice(2)}`;
  return `+86${trimmed}`;
};

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Reads a JSON answer; a body that is not JSON becomes an SmsError naming the HTTP status. */
export const readJson = async (provider: string, res: Response): Promise<unknown> => {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SmsError(provider, `HTTP_${res.status}`, `unexpected answer: ${text.slice(0, 200)}`);
  }
};
