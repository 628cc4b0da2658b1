import { TransportCode, type LogLevel, type LogReport } from '@app/contract';
import { TENANT_ID } from '../config/app';
import { call } from './api/client';
import { endpoints } from './api/endpoints';
import { isApiError } from './api/api-error';
import { detectBrowser, detectOs } from './device';

/**
 * Spec §1/§3/§8: every uncaught error is logged with a prefix and, when app config `reportLogEnable.h5` is
 * on, reported to POST /api/sysLogEx/add with the log-report fields. Reports never report themselves,
 * identical errors within 10 s are sent once, and at most 20 reports leave one page load.
 */
export const LOG_PREFIX = '[app-error]';

export type ErrorSource = 'react' | 'window.onerror' | 'unhandledrejection' | 'manual';

/** Uncaught errors are reported at the contract's `error` level. */
const LOG_LEVEL: LogLevel = 'error';
const MAX_REPORTS = 20;
const DEDUPE_MS = 10_000;
let sent = 0;
const recent = new Map<string, number>();

const describe = (error: unknown): string => {
  if (isApiError(error)) return `ApiError ${error.code}${error.error ? ` ${error.error}` : ''} at ${error.path}: ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  try {
    return typeof error === 'string' ? error : JSON.stringify(error);
  } catch {
    return String(error);
  }
};

export const buildLogReport = (error: unknown, source: ErrorSource): LogReport => {
  const hash = globalThis.location?.hash ?? '';
  return {
    // Cut to the contract's limits, so a long route or title cannot get the whole report refused.
    controllerName: (hash.replace(/^#/, '').split('?')[0] || '/').slice(0, 200),
    displayTitle: (globalThis.document?.title ?? '').slice(0, 200),
    actionName: source,
    httpMethod: isApiError(error) ? 'API' : 'H5',
    requestUrl: (isApiError(error) ? error.path : (globalThis.location?.href ?? '')).slice(0, 2000),
    logLevel: LOG_LEVEL,
    browser: detectBrowser(),
    os: detectOs(),
    message: describe(error).slice(0, 4000),
    tenantId: Number(TENANT_ID),
  };
};

export const reportError = async (error: unknown, source: ErrorSource): Promise<void> => {
  console.error(LOG_PREFIX, source, error);
  // Failures of the report itself and aborted calls are not reported.
  if (isApiError(error) && (error.path === endpoints.logExAdd.path || error.code === TransportCode.Abort)) return;
  const report = buildLogReport(error, source);
  const now = Date.now();
  // Same error = same source and first line (the stack differs between throw sites of one bug).
  const key = `${source}:${report.message.split('\n')[0] ?? ''}`;
  const last = recent.get(key);
  if ((last !== undefined && now - last < DEDUPE_MS) || sent >= MAX_REPORTS) return;
  recent.set(key, now);
  // The app config (and its dictionary cache) loads with the first report, not with the app. Without it (its
  // code cannot be fetched offline) nothing is sent: a failing report must not raise another unhandled error.
  try {
    const { getAppConfig, isReportLogEnabled } = await import('./app-config');
    if (!isReportLogEnabled(await getAppConfig())) return;
  } catch {
    return;
  }
  sent += 1;
  try {
    await call(endpoints.logExAdd, { body: report }, { silent: true });
  } catch {
    // Already logged by the client; a failed report must not raise another.
  }
};

let installed = false;

/** window `error` and `unhandledrejection` handlers; installed once. */
export const installGlobalErrorHandlers = (target: Window = window): void => {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event) => {
    void reportError(event.error ?? event.message, 'window.onerror');
  });
  target.addEventListener('unhandledrejection', (event) => {
    void reportError(event.reason, 'unhandledrejection');
  });
};

/** Tests only. */
export const resetErrorReport = (): void => {
  sent = 0;
  recent.clear();
};
