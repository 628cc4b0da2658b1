import {
  buildPath,
  sessionErrorIds,
  TOKEN_ERROR_CODES,
  TransportCode,
  type BodyOf,
  type Endpoint,
  type HttpMethod,
  type ParamsOf,
  type QueryOf,
  type ResultOf,
} from '@app/contract';
import { API_BASE, PAY_CONFIG_ID, REFRESH_AHEAD_SECONDS, REQUEST_TIMEOUT_MS, TENANT_ID } from '../../config/app';
import { t } from '../../i18n';
import { confirmRetry, showToast } from '../../ui/feedback';
import { useAppStore } from '../app-store';
import { deviceHeaders } from '../device';
import { emitGuestRefused, emitSessionEnded } from '../session-events';
import { emitInsufficientGold, goldShortfallOf, INSUFFICIENT_GOLD } from '../gold-events';
import { secondsToExpiry } from '../token';
import { ApiError } from './api-error';
import { parseMessage, statusMessage } from './messages';

/**
 * The one API client (spec §7 "Generic request wrapper" and "Answers", §8). Typed over the contract's
 * endpoint registry: `api.call(endpoints.commonInfoPage, { body: { page: 1, pageSize: 5 } })`.
 */
export interface CallInput<E extends Endpoint> {
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  params?: ParamsOf<E>;
}

export interface CallOptions {
  /** Do not toast the failure (the screen shows it itself). */
  silent?: boolean;
  /** The user can repeat this call: on a transport or server failure offer a retry in a notice dialog. */
  retry?: boolean;
  signal?: AbortSignal;
  timeout?: number;
  headers?: Record<string, string>;
}

export interface RawRequest {
  method: HttpMethod;
  /** Path with `{param}` placeholders. */
  path: string;
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

interface Envelope {
  code: number;
  message?: unknown;
  result?: unknown;
  extras?: ({ error?: unknown } & Record<string, unknown>) | null;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';

export const toQueryString = (query: Record<string, unknown> | undefined): string => {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const apiUrl = (path: string, params?: Record<string, string | number>, query?: Record<string, unknown>) =>
  `${API_BASE}${buildPath(path, params)}${toQueryString(query)}`;

/** Headers of every call: tenant, pay config, device/os, language and the tokens (Admin.NET refresh). */
export const authHeaders = (now: number = Date.now()): Record<string, string> => {
  const { session, language } = useAppStore.getState();
  const headers: Record<string, string> = {
    TenantId: TENANT_ID,
    PayConfigId: PAY_CONFIG_ID,
    'Accept-Language': language,
    ...deviceHeaders(),
  };
  if (session?.accessToken) {
    headers.Authorization = `Bearer ${session.accessToken}`;
    const left = secondsToExpiry(session.accessToken, now);
    if (session.refreshToken && (left === undefined || left < REFRESH_AHEAD_SECONDS)) {
      headers['X-Authorization'] = `Bearer ${session.refreshToken}`;
    }
  }
  return headers;
};

/** Admin.NET convention: renewed tokens arrive in the `access-token` / `x-access-token` answer headers. */
export const storeRenewedTokens = (get: (name: string) => string | null): void => {
  const access = get('access-token');
  if (!access) return;
  const { clearSession, renewTokens } = useAppStore.getState();
  if (access === 'invalid_token') {
    clearSession();
    return;
  }
  renewTokens(access, get('x-access-token') ?? undefined);
};

/** Spec §8 "guarded call": a call refused by a guard answers code 101 with its messages. */
export const GUARD_CODE = 101;
/** The expired-login phrase, as a guard writes it in any of the app's languages. */
const EXPIRED_LOGIN = /登录已过期|登入已過期|登錄已過期|login (has )?expired|sesión (ha )?caducad|session (a )?expiré/i;

/** A guard's answer: its first message; one that speaks of the expired login becomes just that phrase. */
export const guardMessage = (message: unknown): string => {
  const first = Array.isArray(message) ? message.map(parseMessage).find(Boolean) : parseMessage(message).split('\n')[0];
  if (!first) return t('request.failed');
  return EXPIRED_LOGIN.test(first) ? t('request.expired') : first;
};

/** A guest's session is valid; it only may not do this (spec §6). */
export const GUEST_REFUSED = 'guest_not_allowed';

/** 401 (but a guest refusal), a session error id or one of spec §8's token error codes: the session is gone. */
export const isSessionError = (code: number, error: string | undefined): boolean =>
  error !== GUEST_REFUSED &&
  (code === 401 || (error !== undefined && (sessionErrorIds.includes(error) || TOKEN_ERROR_CODES.includes(error))));

export const endSession = (): void => {
  useAppStore.getState().clearSession();
  emitSessionEnded('expired');
};

const log = (error: ApiError) => {
  console.warn(`[api] ${error.path} failed: code ${error.code}${error.error ? ` (${error.error})` : ''}: ${error.message}`);
};

const send = async (req: RawRequest, options: CallOptions): Promise<unknown> => {
  const url = apiUrl(req.path, req.params, req.query);
  const headers: Record<string, string> = { ...authHeaders(), ...options.headers };
  let body: string | undefined;
  if (req.body !== undefined || req.method === 'POST' || req.method === 'PUT') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.body ?? {});
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  let response: Response;
  try {
    response = await fetch(url, { method: req.method, headers, body, signal: controller.signal, credentials: 'same-origin' });
  } catch {
    const code = timedOut ? TransportCode.Timeout : options.signal?.aborted ? TransportCode.Abort : TransportCode.NetworkError;
    throw new ApiError({
      code,
      transport: true,
      message: code === TransportCode.Timeout ? t('request.timeout') : t('request.failed'),
      path: req.path,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  storeRenewedTokens((name) => response.headers.get(name));

  let payload: unknown;
  const text = await response.text().catch(() => '');
  try {
    payload = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    payload = undefined;
  }

  if (isEnvelope(payload)) {
    if (payload.code === 200) return payload.result;
    const error = typeof payload.extras?.error === 'string' ? payload.extras.error : undefined;
    if (payload.code === GUARD_CODE) {
      throw new ApiError({ code: GUARD_CODE, error, status: response.status, message: guardMessage(payload.message), path: req.path });
    }
    if (error === GUEST_REFUSED) {
      emitGuestRefused();
      throw new ApiError({ code: payload.code, error, status: response.status, message: t('common.guestNotice'), path: req.path });
    }
    if (isSessionError(payload.code, error)) {
      endSession();
      throw new ApiError({ code: payload.code, error, status: response.status, message: t('request.expired'), path: req.path });
    }
    const message = parseMessage(payload.message) || statusMessage(response.status);
    throw new ApiError({ code: payload.code, error, status: response.status, message, path: req.path, extras: payload.extras ?? undefined });
  }
  if (response.status === 401) {
    endSession();
    throw new ApiError({ code: 401, status: 401, message: t('request.expired'), path: req.path });
  }
  if (response.ok) {
    throw new ApiError({ code: TransportCode.NetworkError, status: response.status, message: t('request.failed'), path: req.path, transport: true });
  }
  throw new ApiError({ code: response.status, status: response.status, message: parseMessage(text) && text.length < 200 && !/<\w/.test(text) ? parseMessage(text) : statusMessage(response.status), path: req.path });
};

/** Sends a raw request with every rule of the client; prefer `call` with a contract endpoint. */
export const request = async <T>(req: RawRequest, options: CallOptions = {}): Promise<T> => {
  try {
    return (await send(req, options)) as T;
  } catch (caught) {
    const error =
      caught instanceof ApiError
        ? caught
        : new ApiError({ code: TransportCode.NetworkError, transport: true, message: t('request.failed'), path: req.path });
    if (error.aborted) throw error;
    log(error);
    const sessionGone = isSessionError(error.code, error.error);
    if (!sessionGone && options.retry && error.repeatable && (await confirmRetry(error.message))) {
      return request<T>(req, options);
    }
    // Too little gold: the shortfall sheet with the ways forward (app shell) instead of a bare toast.
    if (!options.silent && error.error === INSUFFICIENT_GOLD) {
      emitInsufficientGold(goldShortfallOf(error.extras));
      throw error;
    }
    // A guest refusal has its notice dialog (app shell) instead of a toast.
    if (!options.silent && error.error !== GUEST_REFUSED) showToast(error.message, sessionGone ? undefined : 'fail');
    throw error;
  }
};

export const call = <E extends Endpoint>(endpoint: E, input: CallInput<E> = {}, options: CallOptions = {}): Promise<ResultOf<E>> =>
  request<ResultOf<E>>(
    {
      method: endpoint.method,
      path: endpoint.path,
      params: input.params as Record<string, string | number> | undefined,
      query: input.query as Record<string, unknown> | undefined,
      body: input.body,
    },
    options,
  );

export const api = { call, request };
