import { SocketState, TransportCode } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';

// An absolute hub address (jsdom has no page origin for the SignalR client to resolve a relative one against).
vi.mock('../config/app', async (original) => ({ ...(await original<typeof import('../config/app')>()), API_BASE: 'http://127.0.0.1:9' }));
import { useAppStore } from './app-store';
import { createRetryPolicy, dispatchHubEvent, pushedMessageText, invokeHub, startRealtime, subscribeHubEvent, isUnauthorized, KEEP_ALIVE_MS, RECONNECT_DELAY_MS, SERVER_TIMEOUT_MS, toSocketState } from './realtime';

const context = (retryReason: Error, previousRetryCount = 0) => ({ previousRetryCount, elapsedMilliseconds: 0, retryReason });

describe('realtime retry policy', () => {
  it('retries 1 s after every loss, however many attempts failed', () => {
    const policy = createRetryPolicy(() => true);
    expect(policy.nextRetryDelayInMilliseconds(context(new Error('WebSocket closed with status code: 1006')))).toBe(1000);
    expect(policy.nextRetryDelayInMilliseconds(context(new Error('Failed to fetch'), 50))).toBe(RECONNECT_DELAY_MS);
  });

  it('stops when the token is refused or the user logged out', () => {
    const refused = Object.assign(new Error('Unauthorized: Status code \'401\''), { statusCode: 401 });
    expect(isUnauthorized(refused)).toBe(true);
    expect(createRetryPolicy(() => true).nextRetryDelayInMilliseconds(context(refused))).toBeNull();
    expect(createRetryPolicy(() => false).nextRetryDelayInMilliseconds(context(new Error('lost')))).toBeNull();
  });

  it('keeps alive every 3 s and waits 30 s for the server', () => {
    expect(KEEP_ALIVE_MS).toBe(3000);
    expect(SERVER_TIMEOUT_MS).toBe(30_000);
  });
});

describe('socket state mapping', () => {
  it('maps SignalR states to 1 connecting, 2 connected, 3 authenticated, 4 closed, 5 error', () => {
    expect(toSocketState('Connecting')).toBe(SocketState.Connecting);
    expect(toSocketState('Reconnecting')).toBe(1);
    expect(toSocketState('Connected')).toBe(2);
    expect(toSocketState('Connected', { authenticated: true })).toBe(3);
    expect(toSocketState('Disconnected')).toBe(4);
    expect(toSocketState('Disconnecting')).toBe(4);
    expect(toSocketState('Disconnected', { error: true })).toBe(5);
  });
});

describe('hub event subscriptions', () => {
  it('delivers events to subscribers until they unsubscribe', () => {
    const listener = vi.fn();
    const off = subscribeHubEvent('JobProgress', listener);
    dispatchHubEvent('JobProgress', { jobId: 1, progress: 50 });
    dispatchHubEvent('order_paid', { orderId: 2 });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ jobId: 1, progress: 50 });
    off();
    dispatchHubEvent('JobProgress', { jobId: 1, progress: 60 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('socket transport codes (spec §8)', () => {
  it('a call while the socket is not open fails with 10002, logged where it happens', async () => {
    await initI18n('zh-Hans');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(invokeHub('MarkRead')).rejects.toMatchObject({ name: 'SocketError', code: TransportCode.SocketSendNotOpen, message: '实时连接尚未建立，请稍后再试（10002）' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('code 10002'), expect.anything());
    vi.restoreAllMocks();
  });

  it('a connection that cannot be made is reported once with 600009, not at every retry', async () => {
    await initI18n('zh-Hans');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    useAppStore.getState().setSession({ accessToken: 'a.b.c' });
    const handle = await startRealtime({ onMessage: vi.fn(), onUnread: vi.fn(), onForceOffline: vi.fn() });
    await vi.waitFor(() => expect(warn.mock.calls.filter(([line]) => String(line).includes('code 600009'))).toHaveLength(1), { timeout: 5000 });
    // Retries every second go on without another report.
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(warn.mock.calls.filter(([line]) => String(line).includes('code 600009'))).toHaveLength(1);
    expect(useAppStore.getState().socketState).not.toBe(SocketState.Authenticated);
    await handle.stop();
    useAppStore.getState().clearSession();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
});

describe('a pushed message', () => {
  const reply = {
    id: 1,
    type: 'service' as const,
    title: '客服回复',
    content: '您好',
    link: null,
    data: null,
    checked: false,
    senderId: 10086,
    peerId: 10086,
    receiveTime: '2026-11-24T08:00:00Z',
    date: '2026-11-24',
    translations: { en: { title: 'Customer service reply' } },
  };

  it('reads in the app’s language when it brings a translation, else as stored', () => {
    useAppStore.getState().setLanguage('en');
    expect(pushedMessageText(reply)).toBe('Customer service reply');
    useAppStore.getState().setLanguage('fr');
    expect(pushedMessageText(reply)).toBe('客服回复');
    expect(pushedMessageText({ ...reply, title: '', translations: undefined })).toBe('您好');
    useAppStore.getState().setLanguage('zh-Hans');
    expect(pushedMessageText(reply)).toBe('客服回复');
  });
});
