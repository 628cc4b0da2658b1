import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStats, type StatReportBody } from './stats';

let sent: StatReportBody[];
let answer: boolean;
const send = vi.fn(async (body: StatReportBody) => {
  sent.push(body);
  return answer;
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  sent = [];
  answer = true;
  send.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('usage statistics batching', () => {
  it('queues page views and events and sends them together every 180 s', async () => {
    const stats = createStats({ send });
    stats.start();
    stats.page('/pages/index/index?x=1');
    stats.event('tap_banner', '3');
    stats.page('/pages/plaza/index');
    await vi.advanceTimersByTimeAsync(179_000);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(sent[0]).toMatchObject({ version: 2, platform: 'h5' });
    expect(sent[0]!.items.map((i) => [i.type, i.name])).toEqual([
      ['page', '/pages/index/index'],
      ['event', 'tap_banner'],
      ['page', '/pages/plaza/index'],
    ]);
    // Nothing new: the next round sends nothing.
    await vi.advanceTimersByTimeAsync(180_000);
    expect(send).toHaveBeenCalledTimes(1);
    stats.stop();
  });

  it('sends at once when the page becomes hidden', async () => {
    const stats = createStats({ send });
    stats.start();
    stats.event('x');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    stats.stop();
  });

  it('keeps the items after a failure and splits large queues into batches of 100', async () => {
    const stats = createStats({ send });
    stats.start();
    for (let i = 0; i < 250; i += 1) stats.event(`e${i}`);
    answer = false;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(stats.pending()).toBe(250);
    answer = true;
    await vi.advanceTimersByTimeAsync(180_000);
    expect(sent.slice(1).map((b) => b.items.length)).toEqual([100, 100, 50]);
    expect(stats.pending()).toBe(0);
    stats.stop();
  });

  it('cuts event names to 255 characters and renews the session after 1800 s without activity', async () => {
    const stats = createStats({ send });
    stats.event('a'.repeat(300));
    await stats.flush();
    const first = sent[0]!;
    expect(first.items[0]!.name).toHaveLength(255);
    vi.setSystemTime(Date.now() + 1_799_000);
    stats.event('b');
    await stats.flush();
    expect(sent[1]!.sessionId).toBe(first.sessionId);
    vi.setSystemTime(Date.now() + 1_801_000);
    stats.event('c');
    await stats.flush();
    expect(sent[2]!.sessionId).not.toBe(first.sessionId);
    expect(sent[2]!.deviceId).toBe(first.deviceId);
  });
});

describe('statistics status (spec §9: checked every 24 h)', () => {
  it('asks whether statistics are collected at most once a day, and sends nothing while they are off', async () => {
    let enabled = true;
    const checkStatus = vi.fn(async () => enabled);
    const stats = createStats({ send, checkStatus });
    stats.page('/pages/index/index');
    await stats.flush();
    expect(checkStatus).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);

    // Within the day the answer holds: no second question.
    enabled = false;
    vi.setSystemTime(new Date('2026-01-01T23:00:00Z'));
    stats.page('/pages/plaza/index');
    await stats.flush();
    expect(checkStatus).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(2);

    // A day later it asks again; now off: the queue is dropped, nothing is sent, even on a later round.
    vi.setSystemTime(new Date('2026-01-02T00:00:01Z'));
    stats.page('/pages/me/index');
    await stats.flush();
    expect(checkStatus).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenCalledTimes(2);
    await stats.flush();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
