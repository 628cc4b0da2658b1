import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOnline, retryWhenOnline, useOnline } from './online';

const setOnline = (value: boolean) => window.dispatchEvent(new Event(value ? 'online' : 'offline'));

afterEach(() => setOnline(true));

describe('network status', () => {
  it('follows the browser online and offline events', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    act(() => {
      setOnline(false);
    });
    expect(result.current).toBe(false);
    expect(isOnline()).toBe(false);
    act(() => {
      setOnline(true);
    });
    expect(result.current).toBe(true);
  });

  it('a deferred load that fails offline runs again when the connection returns', async () => {
    setOnline(false);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    const loaded = retryWhenOnline(load);
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    setOnline(true);
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a load that fails while online fails as before', async () => {
    const failure = new Error('syntax error in chunk');
    await expect(retryWhenOnline(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});
