import { errorStatus, type BaseErrorId, type ErrorId } from '@app/contract';

/**
 * An expected failure with a stable snake_case id (sent in `extras.error`, one of the contract's `errorIds`)
 * and an HTTP status.
 * `params` fill the translated message; `detail` replaces it when a service has a precise message.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly id: ErrorId,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(id);
    this.name = 'AppError';
  }
}

const make =
  (base: BaseErrorId) =>
  (id: ErrorId = base, params: Record<string, string | number> = {}) =>
    new AppError(errorStatus[base], id, params);

export const badRequest = make('bad_request');
export const unauthorized = make('unauthorized');
export const forbidden = make('forbidden');
export const notFound = make('not_found');
export const conflict = make('conflict');
export const tooManyRequests = make('too_many_requests');
export const serviceUnavailable = make('service_unavailable');

/** A 400 naming one field, so forms show the message under it. */
export const fieldError = (field: string, id: ErrorId, status = 400) =>
  new AppError(status, id, {}, { [field]: [id] });
