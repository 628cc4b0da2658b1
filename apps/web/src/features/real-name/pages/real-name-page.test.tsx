import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealNameDetail } from '@app/contract';
import { envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const detail = (requiredToPublish: boolean): RealNameDetail => ({
  status: 0,
  realName: null,
  idCardNum: null,
  idCardImages: [],
  idCardImageUrls: [],
  rejectReason: null,
  submitTime: null,
  reviewTime: null,
  enabled: true,
  requiredToPublish,
});

/** Issue 27 point 14: the page states the server's rule (app config), not "required before publishing" always. */
describe('the real-name page states the publishing rule the server applies', () => {
  it.each([
    [true, '根据国家相关规定，发布内容前需完成实名认证'],
    [false, '完成实名认证，让你的账号更可信'],
  ])('requiredToPublish %s → %s', async (required, text) => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).startsWith('/api/sysAuthenticationInfo/detail') ? envelope(detail(required)) : envelope(null, { code: 404 }),
      ),
    );
    await renderApp('/auth/index');
    const intro = await screen.findByTestId('real-name-intro');
    expect(intro).toHaveTextContent(text);
    if (!required) expect(screen.getByTestId('real-name-page')).not.toHaveTextContent('发布内容前需完成实名认证');
  });
});
