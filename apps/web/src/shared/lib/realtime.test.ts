import { SocketState } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { createRetryPolicy, dispatchHubEvent, subscribeHubEvent, isUnauthorized, KEEP_ALIVE_MS, RECONNECT_DELAY_MS, SERVER_TIMEOUT_MS, toSocketState } from './realtime';

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
