import type { Envelope } from '@app/contract';

export const success = <T>(result: T): Envelope<T> => ({
  code: 200,
  type: 'success',
  message: 'ok',
  result,
  extras: null,
  time: new Date().toISOString(),
});

export const failure = (
  code: number,
  error: string,
  message: string | Record<string, string[]>,
  extras: Record<string, unknown> = {},
): Envelope<null> => ({
  code,
  type: 'error',
  message,
  result: null,
  extras: { error, ...extras },
  time: new Date().toISOString(),
});
