import {
  STAT_BATCH_MAX,
  STAT_NAME_MAX,
  STAT_REPORT_INTERVAL_MS,
  STAT_SESSION_TIMEOUT_SECONDS,
  STAT_STATUS_CHECK_MS,
  STAT_VERSION,
  type StatReport,
} from '@app/contract';
import { apiUrl, authHeaders } from './api/client';
import { endpoints } from './api/endpoints';
import { storage } from './storage';

/**
 * Usage statistics (spec §9 Statistics; the contract in packages/contract/src/stats.ts):
 * page views (route changes) and named events are queued and sent in batches every 180 s and when the page
 * becomes hidden (`fetch` with `keepalive`, so the request outlives the page). A session ends after 1800 s
 * without activity in a browser. Whether statistics are collected at all is asked once every 24 h (GET
 * /api/sysStat/status); while they are off nothing is kept or sent. This module is loaded after the first screen (see app/platform-services.tsx's
 * PlatformServices); nothing here runs on the first screen's critical path.
 */
const VALUE_MAX = 255;
const QUEUE_MAX = 1000;

/** A report as this browser sends it (the contract's body, from the h5 platform). */
export type StatReportBody = StatReport & { platform: 'h5' };
type StatItem = StatReport['items'][number];

/** Sends one batch; resolves false when it did not arrive (the items are kept for the next round). */
export type StatSender = (body: StatReportBody) => Promise<boolean>;

const randomId = (): string => {
  const bytes = new Uint8Array(12);
  globalThis.crypto?.getRandomValues?.(bytes);
  const random = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return random === '0'.repeat(24) ? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}` : random;
};

export const sendWithKeepalive: StatSender = async (body) => {
  try {
    const response = await fetch(apiUrl(endpoints.statReport.path), {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { ...authHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    // Rate-limited or server trouble: keep the items for the next round; a refused batch (400) is dropped.
    return response.status !== 429 && response.status < 500;
  } catch {
    return false;
  }
};

/** Asks the server whether statistics are collected; undefined when it cannot tell (then the last answer holds). */
export type StatStatusCheck = () => Promise<boolean | undefined>;

export const fetchStatStatus: StatStatusCheck = async () => {
  try {
    const response = await fetch(apiUrl(endpoints.statStatus.path), { credentials: 'same-origin', headers: authHeaders() });
    const body = (await response.json()) as { code?: number; result?: { enabled?: unknown } };
    return body.code === 200 && typeof body.result?.enabled === 'boolean' ? body.result.enabled : undefined;
  } catch {
    return undefined;
  }
};

export interface StatsOptions {
  send?: StatSender;
  checkStatus?: StatStatusCheck;
  statusCheckMs?: number;
  now?: () => number;
  intervalMs?: number;
  sessionTimeoutMs?: number;
}

export const createStats = ({
  send = sendWithKeepalive,
  checkStatus = fetchStatStatus,
  statusCheckMs = STAT_STATUS_CHECK_MS,
  now = Date.now,
  intervalMs = STAT_REPORT_INTERVAL_MS,
  sessionTimeoutMs = STAT_SESSION_TIMEOUT_SECONDS.web * 1000,
}: StatsOptions = {}) => {
  let queue: StatItem[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let sending: Promise<void> | undefined;

  const deviceId = (): string => {
    let id = storage.get<string>('stat_device');
    if (!id) {
      id = randomId();
      storage.set('stat_device', id);
    }
    return id;
  };

  /** The current session id, renewed after the timeout without activity; `touch` marks activity. */
  const sessionId = (touch: boolean): string => {
    const at = now();
    const stored = storage.get<{ id: string; last: number }>('stat_session');
    const session = stored && at - stored.last <= sessionTimeoutMs ? stored : { id: randomId(), last: at };
    if (touch || session !== stored) storage.set('stat_session', { id: session.id, last: touch ? at : session.last });
    return session.id;
  };

  let currentSession = '';
  const push = (item: StatItem) => {
    currentSession = sessionId(true);
    queue.push(item);
    if (queue.length > QUEUE_MAX) queue = queue.slice(-QUEUE_MAX);
  };

  /** The server's answer, asked again once it is older than 24 h (stored across page loads). */
  const collecting = async (): Promise<boolean> => {
    const stored = storage.get<{ enabled: boolean; checkedAt: number }>('stat_status');
    if (stored && now() - stored.checkedAt < statusCheckMs) return stored.enabled;
    const enabled = await checkStatus();
    if (enabled === undefined) return stored?.enabled ?? true;
    storage.set('stat_status', { enabled, checkedAt: now() });
    return enabled;
  };

  const flushNow = async (): Promise<void> => {
    if (queue.length > 0 && !(await collecting())) {
      // Statistics are off: what was queued is dropped, not kept for later.
      queue = [];
      return;
    }
    while (queue.length > 0) {
      const items = queue.slice(0, STAT_BATCH_MAX);
      queue = queue.slice(items.length);
      const ok = await send({ version: STAT_VERSION, deviceId: deviceId(), sessionId: currentSession || sessionId(false), platform: 'h5', items });
      if (!ok) {
        queue = [...items, ...queue];
        return;
      }
    }
  };

  const flush = (): Promise<void> => {
    sending ??= flushNow().finally(() => {
      sending = undefined;
    });
    return sending;
  };

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') void flush();
  };

  return {
    /** A page view: the route path without its query. */
    page(path: string, time: number = now()) {
      const name = path.split('?')[0]!.slice(0, STAT_NAME_MAX);
      if (name) push({ type: 'page', name, time });
    },
    /** A named event (name cut to 255 characters). */
    event(name: string, value?: string) {
      const trimmed = name.trim().slice(0, STAT_NAME_MAX);
      if (!trimmed) return;
      push({ type: 'event', name: trimmed, ...(value ? { value: value.slice(0, VALUE_MAX) } : {}), time: now() });
    },
    flush,
    start() {
      if (timer !== undefined) return;
      timer = setInterval(() => void flush(), intervalMs);
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('pagehide', onVisibility);
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onVisibility);
    },
    pending: () => queue.length,
  };
};

export type Stats = ReturnType<typeof createStats>;

let instance: Stats | undefined;

/** The app's reporter, started on first use. */
export const getStats = (): Stats => {
  if (!instance) {
    instance = createStats();
    instance.start();
  }
  return instance;
};

export const trackPage = (path: string, time?: number): void => getStats().page(path, time);
