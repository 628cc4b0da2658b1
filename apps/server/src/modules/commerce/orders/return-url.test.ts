import { describe, expect, it } from 'vitest';
import { isAllowedReturnUrl } from './return-url.js';

describe('isAllowedReturnUrl', () => {
  const production = {
    NODE_ENV: 'production' as const,
    PUBLIC_BASE_URL: 'https://ai.example.com',
    ALIPAY_RETURN_URL: 'https://pay-return.example.com/back',
  };
  const development = { NODE_ENV: 'development' as const, PUBLIC_BASE_URL: undefined, ALIPAY_RETURN_URL: undefined };

  it('takes https to the public host or the configured Alipay return host', () => {
    expect(isAllowedReturnUrl('https://ai.example.com/#/pages/index/vip/index', production)).toBe(true);
    expect(isAllowedReturnUrl('https://pay-return.example.com/other', production)).toBe(true);
    expect(isAllowedReturnUrl('https://AI.EXAMPLE.COM/', production)).toBe(true);
  });

  it('refuses other schemes, other hosts, other ports and credentials', () => {
    for (const url of [
      'file:///etc/passwd',
      'gopher://ai.example.com/',
      'data:text/html,hi',
      'javascript:alert(1)',
      'https://ai.example.com.evil.net/',
      'https://ai.example.com:8443/',
      'https://user:pw@ai.example.com/',
      'http://ai.example.com/',
      'not a url',
    ])
      expect(isAllowedReturnUrl(url, production), url).toBe(false);
  });

  it('takes http to loopback only outside production', () => {
    expect(isAllowedReturnUrl('http://127.0.0.1:5173/#/x', development)).toBe(true);
    expect(isAllowedReturnUrl('http://localhost:5173/', development)).toBe(true);
    expect(isAllowedReturnUrl('http://[::1]:5173/', development)).toBe(true);
    expect(isAllowedReturnUrl('http://10.0.0.5/', development)).toBe(false);
    expect(isAllowedReturnUrl('https://evil.example.net/', development)).toBe(false);
    expect(isAllowedReturnUrl('http://127.0.0.1:5173/', production)).toBe(false);
  });
});
