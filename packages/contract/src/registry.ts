import type { z } from 'zod';

/**
 * Who may call an endpoint:
 * - public: anyone (tenant from the `TenantId` header);
 * - visitor: any valid token, guest tokens included;
 * - user: a logged-in (non-guest) user;
 * - admin: role admin.
 */
export type EndpointAuth = 'public' | 'visitor' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path with `{param}` placeholders, spelled exactly as spec §7. */
  path: string;
  auth: EndpointAuth;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  params?: P;
  result: R;
  /**
   * `json` (default), `sse` (text/event-stream answer), `multipart` (file upload body) or `binary` (the answer
   * is raw bytes such as an image, not the envelope; errors still use the envelope).
   */
  kind?: 'json' | 'sse' | 'multipart' | 'binary';
}

export const defineEndpoint = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  endpoint: Endpoint<Q, B, P, R>,
): Endpoint<Q, B, P, R> => endpoint;

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

export type ResultOf<E> = E extends Endpoint<infer _Q, infer _B, infer _P, infer R> ? z.output<R> : never;
export type BodyOf<E> = E extends Endpoint<infer _Q, infer B, infer _P, infer _R> ? InferIn<B> : never;
export type QueryOf<E> = E extends Endpoint<infer Q, infer _B, infer _P, infer _R> ? InferIn<Q> : never;
export type ParamsOf<E> = E extends Endpoint<infer _Q, infer _B, infer P, infer _R> ? InferIn<P> : never;
export type ParsedBodyOf<E> = E extends Endpoint<infer _Q, infer B, infer _P, infer _R> ? Infer<B> : never;
export type ParsedQueryOf<E> = E extends Endpoint<infer Q, infer _B, infer _P, infer _R> ? Infer<Q> : never;
export type ParsedParamsOf<E> = E extends Endpoint<infer _Q, infer _B, infer P, infer _R> ? Infer<P> : never;

/** Fills `{param}` placeholders. */
export const buildPath = (path: string, params?: Record<string, string | number>): string =>
  path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
