import {
  buildPath,
  DEFAULT_TENANT_ID,
  type BodyOf,
  type Endpoint,
  type endpoints as contractEndpoints,
  type ParamsOf,
  type QueryOf,
  type ResultOf,
} from '@app/contract';
import { manifest } from 'virtual:endpoint-manifest';
import { i18n } from '../i18n';
import { getSession, setSession } from './session';

/**
 * The contract's endpoint registry for `call(endpoints.x, …)`: typed as the contract's, it carries at run time
 * only method, path, auth and kind (the build replaces it with a manifest), so no page ships zod.
 */
export const endpoints = manifest as unknown as typeof contractEndpoints;

/** A failed call: HTTP/envelope code, the stable error id (`extras.error`) and a message to show. */
export class ApiError extends Error {
  readonly code: number;
  readonly error?: string;
  constructor(code: number, message: string, error?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.error = error;
  }
}

export interface CallInput<E extends Endpoint> {
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  params?: ParamsOf<E>;
  /** A multipart endpoint's form (its file parts); sent as is instead of a JSON body. */
  form?: FormData;
}

const queryString = (query: Record<string, unknown> | undefined): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The envelope's `message`: a string, or field → messages on a validation failure. */
const messageText = (message: unknown): string => {
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object') {
    return Object.values(message as Record<string, unknown>)
      .flat()
      .filter((part): part is string => typeof part === 'string')
      .join('; ');
  }
  return '';
};

/** Calls one contract endpoint with the operator's token; answers its result or throws ApiError. */
export const call = async <E extends Endpoint>(endpoint: E, input: CallInput<E> = {}): Promise<ResultOf<E>> => {
  const session = getSession();
  const headers: Record<string, string> = {
    TenantId: String(DEFAULT_TENANT_ID),
    'Accept-Language': i18n.language || 'zh-Hans',
  };
  if (session) headers.Authorization = `Bearer ${session.accessToken}`;
  if (session?.refreshToken) headers['X-Authorization'] = `Bearer ${session.refreshToken}`;
  let body: string | FormData | undefined;
  if (input.form) body = input.form;
  else if (endpoint.method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body ?? {});
  }
  const url = `${buildPath(endpoint.path, input.params as Record<string, string | number> | undefined)}${queryString(
    input.query as Record<string, unknown> | undefined,
  )}`;
  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body });
  } catch {
    throw new ApiError(0, i18n.t('error.network'));
  }
  // Admin.NET convention: renewed tokens arrive in these answer headers.
  const renewed = response.headers.get('access-token');
  if (renewed && renewed !== 'invalid_token' && session) {
    setSession({ accessToken: renewed, refreshToken: response.headers.get('x-access-token') ?? session.refreshToken });
  }
  const payload = (await response.json().catch(() => null)) as {
    code?: number;
    message?: unknown;
    result?: unknown;
    extras?: { error?: string } | null;
  } | null;
  if (payload && payload.code === 200) return payload.result as ResultOf<E>;
  const code = payload?.code ?? response.status;
  const error = payload?.extras?.error;
  if (code === 401) setSession(null);
  throw new ApiError(code, messageText(payload?.message) || i18n.t('error.status', { code }), error);
};

/** The text to show for any failure. */
export const errorMessage = (caught: unknown): string =>
  caught instanceof Error && caught.message ? caught.message : i18n.t('error.unknown');
