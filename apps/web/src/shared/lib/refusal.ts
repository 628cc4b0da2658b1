/**
 * The browser or the user refused what was asked (a permission prompt for the microphone or the clipboard):
 * spec §8's "rejected", not a failure of the app.
 */
export const isRefusal = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ['NotAllowedError', 'PermissionDeniedError', 'SecurityError'].includes(String((error as { name?: unknown }).name));
