import type { Config } from '../../../config.js';
import { badRequest } from '../../../platform/errors.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The hosts a payment page may send the buyer back to: our public host (PUBLIC_BASE_URL) and the host of the
 * configured Alipay return page (ALIPAY_RETURN_URL, what the provider's console is told). WeChat's H5
 * `redirect_url` must be on the merchant's registered domain, which is the public host.
 */
const allowedHosts = (config: Pick<Config, 'PUBLIC_BASE_URL' | 'ALIPAY_RETURN_URL'>) =>
  new Set(
    [config.PUBLIC_BASE_URL, config.ALIPAY_RETURN_URL]
      .filter((url): url is string => Boolean(url))
      .map((url) => new URL(url).host.toLowerCase()),
  );

/**
 * Whether an order's `returnUrl` may be handed to a provider: https to an allowed host, or http to a loopback
 * address outside production (a developer's machine). Anything else (file:, data:, gopher:, other hosts,
 * credentials in the address) is refused.
 */
export const isAllowedReturnUrl = (
  raw: string,
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'ALIPAY_RETURN_URL' | 'NODE_ENV'>,
): boolean => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.host.toLowerCase();
  if (url.protocol === 'https:') return allowedHosts(config).has(host);
  return url.protocol === 'http:' && config.NODE_ENV !== 'production' && LOOPBACK.has(url.hostname.toLowerCase());
};

/** Throws 400 `return_url_not_allowed` (before anything is stored) when the address is not allowed. */
export const assertReturnUrl = (
  raw: string | undefined,
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'ALIPAY_RETURN_URL' | 'NODE_ENV'>,
) => {
  if (raw !== undefined && !isAllowedReturnUrl(raw, config)) throw badRequest('return_url_not_allowed');
};
