import type { JobState } from '@app/contract';

/** The error id a page shows for a drawing or an upscale whose job ended badly (null while it has not). */
export const drawErrorId = (error: string | null, status: JobState): string | null => {
  if (status === 'canceled') return 'draw_canceled';
  if (status !== 'failed') return null;
  if (!error) return 'draw_provider_error';
  if (error === 'timeout' || error === 'lease_expired') return 'draw_timeout';
  const id = error.split(':')[0]!;
  return id.startsWith('draw_') ? id : 'draw_provider_error';
};
