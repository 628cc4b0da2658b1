/**
 * Stable error ids carried in `extras.error`. Pages react to these, never to message text.
 * Each maps to its HTTP status; messages in five languages live in the server's catalogue.
 */
export const errorStatus = {
  validation_failed: 400,
  bad_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  token_expired: 401,
  token_invalid: 401,
  session_revoked: 401,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
  /** The user already has as many AI tasks of that kind queued or running as app_config taskLimits allows (429). */
  too_many_tasks: 429,
} as const;

export type BaseErrorId = keyof typeof errorStatus;

/** Error ids that mean "the session is gone": the client clears it and goes to the user index. */
export const sessionErrorIds: readonly string[] = [
  'unauthorized',
  'token_expired',
  'token_invalid',
  'session_revoked',
];
