import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/lib/app-store';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { envelope, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAppStore.getState().clearSession();
});

describe('SMS login page', () => {
  it('shows the human check when the server asks for it; its solution goes with the next send', async () => {
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 500, deriveKey, hmacSignatureSecret: 'test' });
    const sends: unknown[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/api/sysSms/humanCheck')) return envelope(challenge);
      if (!String(url).includes('/api/sysSms/SendCaptcha')) return envelope(null);
      const body = JSON.parse(String(init?.body)) as { humanCheck?: string };
      sends.push(body);
      if (!body.humanCheck) return envelope(null, { code: 400, message: '请先完成人机验证', error: 'human_check_required' });
      return envelope({ resendSeconds: 60, expiresInSeconds: 300 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/pages/user/login');
    await screen.findByTestId('login-page');
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByTestId('send-code'));
    const box = await screen.findByTestId('human-check');
    expect(box).toHaveTextContent('请先完成人机验证');
    fireEvent.click(screen.getByTestId('human-check-start'));
    await vi.waitFor(() => expect(screen.getByTestId('send-code')).toHaveTextContent('60秒后重发'), { timeout: 10_000 });
    expect(screen.queryByTestId('human-check')).toBeNull();
    const solved = sends[1] as { phone: string; humanCheck: string };
    expect(solved.phone).toBe('13800000000');
    const payload = JSON.parse(atob(solved.humanCheck)) as { challenge: unknown; solution: { counter: number } };
    expect(payload.challenge).toEqual(challenge);
    expect(payload.solution.counter).toBe(500);
  });


  it('shows the spec §5 field messages and sends nothing while a field is wrong', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(true));
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/pages/user/login');
    await screen.findByTestId('login-page');
    fetchMock.mockClear();

    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '12345' } });
    fireEvent.change(screen.getByTestId('code-input'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('phone-error')).toHaveTextContent('请输入正确的手机号');
    expect(screen.getByTestId('code-error')).toHaveTextContent('验证码为6位数字');
    expect(screen.getByTestId('agreement-error')).toHaveTextContent('请先阅读并同意服务协议和隐私政策');

    fireEvent.click(screen.getByTestId('send-code'));
    expect(screen.getByTestId('phone-error')).toHaveTextContent('请输入正确的手机号');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/sysSms') || String(url).includes('/api/sysAuth/phoneLogin'))).toEqual([]);
    expect(useAppStore.getState().session).toBeNull();
  });

  it('counts the resend button down from 60 s after a code is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('/api/sysSms/SendCaptcha') ? envelope({ resendSeconds: 60, expiresInSeconds: 300 }) : envelope(null),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/pages/user/login');
    await screen.findByTestId('login-page');
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByTestId('send-code'));
    const button = screen.getByTestId('send-code');
    await vi.waitFor(() => expect(button).toHaveTextContent('60秒后重发'));
    expect(button).toBeDisabled();
    const sent = fetchMock.mock.calls.find(([url]) => String(url).includes('SendCaptcha')) as unknown as [string, RequestInit];
    expect(JSON.parse(String(sent[1].body))).toEqual({ phone: '13800000000' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(button).toHaveTextContent('59秒后重发');
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(button).toHaveTextContent('获取验证码');
    expect(button).not.toBeDisabled();
  });

  it('shows the server message of a wrong code under the code field', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('/api/sysAuth/phoneLogin') ? envelope(null, { code: 400, message: { code: ['验证码错误'] }, error: 'sms_code_wrong' }) : envelope(null),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/pages/user/login');
    await screen.findByTestId('login-page');
    fireEvent.change(screen.getByTestId('phone-input'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByTestId('code-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('agreement-input'));
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('code-error')).toHaveTextContent('验证码错误');
    expect(useAppStore.getState().session).toBeNull();
  });
});

describe('password login page', () => {
  it.each([
    ['ab', '账号为4-14位字母、数字、下划线或减号'],
    ['138000000001', '请输入正确的手机号'],
  ])('validates %s as the phone or account it is and sends nothing', async (account, message) => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(true));
    vi.stubGlobal('fetch', fetchMock);
    await renderApp('/pages/user/passwd');
    await screen.findByTestId('passwd-page');
    fetchMock.mockClear();
    fireEvent.change(screen.getByTestId('account-input'), { target: { value: account } });
    fireEvent.change(screen.getByTestId('password-input'), { target: { value: 'demo123456' } });
    fireEvent.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('account-error')).toHaveTextContent(message);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/sysAuth/login'))).toEqual([]);
  });
});
