import { TransportCode } from '@app/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failThenAnswer, fakeToken, logIn } from '../../../test/render-app';
import { initI18n } from '../../i18n';
import { useAppStore } from '../app-store';
import { onGuestRefused, onSessionEnded } from '../session-events';
import { ApiError } from './api-error';
import { call, request } from './client';
import { endpoints } from './endpoints';

const feedback = vi.hoisted(() => ({ showToast: vi.fn(), confirmRetry: vi.fn(async () => false), showNotice: vi.fn() }));
vi.mock('../../ui/feedback', () => feedback);

const fetchMock = () => vi.mocked(globalThis.fetch);
const lastInit = () => fetchMock().mock.calls.at(-1)?.[1] as RequestInit;
const lastHeaders = () => lastInit().headers as Record<string, string>;

beforeEach(async () => {
  await initI18n('zh-Hans');
  feedback.showToast.mockClear();
  feedback.confirmRetry.mockReset().mockResolvedValue(false);
});

const answer = (response: Response | (() => Response)) =>
  vi.stubGlobal('fetch', vi.fn(async () => (typeof response === 'function' ? response() : response)));

describe('api client', () => {
  it('calls a contract endpoint and returns its result', async () => {
    answer(envelope({ items: [], total: 0, page: 1, pageSize: 5 }));
    const result = await call(endpoints.commonInfoPage, { body: { page: 1, pageSize: 5, categoryId: 1 } });
    expect(result.total).toBe(0);
    const [url, init] = fetchMock().mock.calls[0]!;
    expect(url).toBe('/api/sysCommonInfo/page');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ page: 1, pageSize: 5, categoryId: 1 });
  });

  it('sends JSON content type, tenant, pay config, device info, language and the bearer token', async () => {
    logIn();
    answer(envelope(true));
    await request({ method: 'POST', path: '/api/x', body: { a: 1 } });
    const headers = lastHeaders();
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.TenantId).toBe('1');
    expect(headers.PayConfigId).toBeTruthy();
    expect(headers['X-Device-Os']).toBeTruthy();
    expect(headers['X-App-Version']).toBe('1.5.2');
    expect(headers['Accept-Language']).toBe('zh-Hans');
    expect(headers.Authorization).toBe(`Bearer ${useAppStore.getState().session?.accessToken}`);
    expect(headers['X-Authorization']).toBeUndefined();
  });

  it('fills path parameters and the query', async () => {
    answer(envelope([]));
    await request({ method: 'GET', path: '/api/sysDictData/dataList/{name}', params: { name: 'app_config' }, query: { a: 1, b: undefined, c: ['x', 'y'] } });
    expect(fetchMock().mock.calls[0]![0]).toBe('/api/sysDictData/dataList/app_config?a=1&c=x&c=y');
    expect(lastInit().body).toBeUndefined();
  });

  it('sends the refresh token when the access token is about to expire and stores renewed tokens', async () => {
    useAppStore.getState().setSession({ accessToken: fakeToken({ exp: Math.floor(Date.now() / 1000) + 30 }), refreshToken: 'refresh-1' });
    const renewed = fakeToken({ uid: 8 });
    answer(envelope(1, { headers: { 'access-token': renewed, 'x-access-token': 'refresh-2' } }));
    await request({ method: 'GET', path: '/api/x' });
    expect(lastHeaders()['X-Authorization']).toBe('Bearer refresh-1');
    expect(useAppStore.getState().session).toEqual({ accessToken: renewed, refreshToken: 'refresh-2' });
    expect(JSON.parse(localStorage.getItem('session')!)).toEqual({ type: 'object', data: { accessToken: renewed, refreshToken: 'refresh-2' } });
  });

  it('an `invalid_token` renewal answer clears the session', async () => {
    logIn({}, 'r');
    answer(envelope(1, { headers: { 'access-token': 'invalid_token' } }));
    await request({ method: 'GET', path: '/api/x' });
    expect(useAppStore.getState().session).toBeNull();
  });

  it.each([
    ['code 401', { code: 401, error: 'unauthorized' }],
    ['a session error id', { code: 403, error: 'session_revoked' }],
    ['a spec §8 token error code', { code: 400, error: 'TOKEN_INVALID_TOKEN_EXPIRED' }],
  ])('%s clears the session and goes to the user index', async (_name, init) => {
    logIn();
    const ended = vi.fn();
    const off = onSessionEnded(ended);
    answer(envelope(null, { ...init, message: 'x' }));
    const error = await request({ method: 'GET', path: '/api/x' }).catch((e: unknown) => e);
    off();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('登录已过期，请重新登录');
    expect(useAppStore.getState().session).toBeNull();
    expect(ended).toHaveBeenCalledWith('expired');
  });

  it('a guest refused a user-only call keeps the session and raises the guest-mode notice, not "expired"', async () => {
    logIn({ uid: 0, roles: ['guest'] });
    const guestSession = useAppStore.getState().session;
    const ended = vi.fn();
    const refused = vi.fn();
    const offEnded = onSessionEnded(ended);
    const offRefused = onGuestRefused(refused);
    answer(envelope(null, { code: 401, error: 'guest_not_allowed', message: '当前为游客模式，请先登录' }));
    const error = (await request({ method: 'GET', path: '/api/x' }).catch((e: unknown) => e)) as ApiError;
    offEnded();
    offRefused();
    expect(error.error).toBe('guest_not_allowed');
    expect(error.message).toBe('当前为游客模式，请先登录');
    expect(useAppStore.getState().session).toEqual(guestSession);
    expect(ended).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledTimes(1);
    expect(feedback.showToast).not.toHaveBeenCalled();
  });

  it.each([
    ['plain text', 'Phone number taken', 'Phone number taken'],
    ['field → messages', { phone: ['手机号格式不正确'], code: ['验证码错误'] }, '手机号格式不正确\n验证码错误'],
    ['a JSON list in a string', '["第一条","第二条"]', '第一条\n第二条'],
  ])('other failures toast the parsed message (%s) for 1500 ms', async (_name, message, shown) => {
    answer(envelope(null, { code: 400, message, error: 'validation_failed' }));
    const error = (await request({ method: 'POST', path: '/api/x' }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(shown);
    expect(error.error).toBe('validation_failed');
    expect(error.code).toBe(400);
    expect(feedback.showToast).toHaveBeenCalledWith(shown, 'fail');
  });

  it.each([
    [404, '请求地址错误'],
    [500, '服务器错误'],
    [502, '请求超时'],
  ])('HTTP %i without an envelope says %s', async (status, message) => {
    answer(() => new Response('<html>bad gateway</html>', { status }));
    const error = (await request({ method: 'GET', path: '/api/x' }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(message);
    expect(error.code).toBe(status);
  });

  it('a transport failure says "request failed" with the framework network code', async () => {
    const error = (await request({ method: 'GET', path: '/api/x' }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('请求失败');
    expect(error.code).toBe(TransportCode.NetworkError);
    expect(feedback.showToast).toHaveBeenCalledWith('请求失败', 'fail');
  });

  it('times out after 30 s with code 5', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    const pending = request({ method: 'GET', path: '/api/slow' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(feedback.showToast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error.code).toBe(TransportCode.Timeout);
    expect(error.message).toBe('请求超时');
  });

  it('an abort by the caller is silent and carries code 600003', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))))));
    const pending = request({ method: 'GET', path: '/api/x' }, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = (await pending) as ApiError;
    expect(error.code).toBe(TransportCode.Abort);
    expect(feedback.showToast).not.toHaveBeenCalled();
  });

  it('a repeatable failure offers a retry in a notice dialog and repeats the call when accepted', async () => {
    const calls = failThenAnswer(1, 'ok');
    feedback.confirmRetry.mockResolvedValueOnce(true);
    await expect(request({ method: 'GET', path: '/api/x' }, { retry: true })).resolves.toBe('ok');
    expect(feedback.confirmRetry).toHaveBeenCalledWith('请求失败');
    expect(calls()).toBe(2);
  });

  it('a guarded call (code 101) fails with its first message; one about the expired login becomes that phrase', async () => {
    // A guard answers over HTTP 200 with code 101 in the envelope.
    const guarded = (message: unknown) => new Response(JSON.stringify({ code: 101, type: 'error', message, result: null, extras: null }), { status: 200 });
    vi.stubGlobal('fetch', vi.fn(async () => guarded(['今日操作次数已达上限', '请明天再试'])));
    const first = await request({ method: 'POST', path: '/api/x' }).catch((e: unknown) => e as ApiError);
    expect(first).toMatchObject({ code: 101, message: '今日操作次数已达上限' });
    expect(feedback.showToast).toHaveBeenCalledWith('今日操作次数已达上限', 'fail');

    vi.stubGlobal('fetch', vi.fn(async () => guarded('token 校验失败：登录已过期(uni-id-token-expired)')));
    const expired = await request({ method: 'POST', path: '/api/x' }).catch((e: unknown) => e as ApiError);
    expect(expired).toMatchObject({ code: 101, message: '登录已过期，请重新登录' });
  });

  it('silent calls do not toast', async () => {
    await request({ method: 'GET', path: '/api/x' }, { silent: true }).catch(() => undefined);
    expect(feedback.showToast).not.toHaveBeenCalled();
  });
});
