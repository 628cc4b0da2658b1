import { isErrorId, TransportCode, type ErrorId } from '@app/contract';

/**
 * Every failed call becomes an ApiError: `code` is the envelope code (= HTTP status) or, when the server
 * never answered, one of the framework transport codes (spec §8: timeout 5, network error 602001,
 * abort 600003); `error` is the stable id from `extras.error` (one of the contract's `errorIds`; pages switch
 * on it, never on a raw string; an id this build does not know stays undefined); `message` is what the user is
 * shown.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly error: ErrorId | undefined;
  readonly status: number | undefined;
  readonly transport: boolean;
  readonly path: string;
  /** The envelope's `extras` beside the error id (e.g. insufficient_gold: need, balance, missing). */
  readonly extras: Record<string, unknown>;

  constructor(init: { code: number; message: string; error?: string; status?: number; transport?: boolean; path: string; extras?: Record<string, unknown> }) {
    super(init.message);
    this.extras = init.extras ?? {};
    this.name = 'ApiError';
    this.code = init.code;
    this.error = isErrorId(init.error) ? init.error : undefined;
    this.status = init.status;
    this.transport = init.transport ?? false;
    this.path = init.path;
  }

  /** The caller aborted: nothing to show. */
  get aborted(): boolean {
    return this.transport && this.code === TransportCode.Abort;
  }

  /** Worth offering a retry: the server never answered or failed on its side. */
  get repeatable(): boolean {
    return (this.transport && !this.aborted) || (this.status !== undefined && this.status >= 500);
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
