import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/lib/app-store';
import { envelope, fakeToken, location, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  useAppStore.getState().clearSession();
});

const loginConfig = { sms: true, password: true, visitor: true, wechat: false, smsResendSeconds: 60, smsCodeLength: 6 };

describe('visitor login', () => {
  it('stores the guest session with the visitor record (mode, from, data) and goes where the visitor was going', async () => {
    const guestToken = fakeToken({ uid: 0, roles: ['guest'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url) === '/api/sysAuth/loginConfig') return envelope(loginConfig);
        if (String(url) === '/api/sysAuth/visitorLogin') return envelope({ accessToken: guestToken, refreshToken: 'r' });
        if (String(url) === '/api/sysAuth/userInfo') return envelope({ id: 0, roles: ['guest'], permissions: [] });
        return envelope([], { code: 404 });
      }),
    );
    await renderApp('/pages/user/index?from=%2Fpages%2Fplaza%2Findex');
    fireEvent.click(await screen.findByTestId('visitor-login'));
    await vi.waitFor(() => expect(location.pathname).toBe('/pages/plaza/index'));
    expect(useAppStore.getState().session?.accessToken).toBe(guestToken);
    const stored = JSON.parse(localStorage.getItem('visitor_login') ?? 'null') as { type: string; data: unknown };
    expect(stored).toEqual({
      type: 'object',
      data: { mode: 'visitor', from: '/pages/plaza/index', data: { userId: 0, loginTime: expect.any(String) as string } },
    });
  });

  it('a user login and a logout forget the visitor record', () => {
    useAppStore.getState().setSession({ accessToken: fakeToken({ uid: 0, roles: ['guest'] }) }, {
      mode: 'visitor',
      from: '/',
      data: { userId: 0, loginTime: new Date().toISOString() },
    });
    expect(localStorage.getItem('visitor_login')).not.toBeNull();
    logIn();
    expect(localStorage.getItem('visitor_login')).toBeNull();
    expect(useAppStore.getState().visitor).toBeNull();
  });
});
