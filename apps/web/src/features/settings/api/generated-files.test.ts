import { describe, expect, it } from 'vitest';
import { isVideoExpired } from './generated-files';

describe('download management', () => {
  const created = '2026-11-01T00:00:00Z';
  const week = 7 * 24 * 3600;

  it('treats a video as expired once now reaches creation time plus saveVideoTime (spec §4)', () => {
    const at = (iso: string) => new Date(iso).getTime();
    expect(isVideoExpired(created, week, at('2026-11-07T23:59:59Z'))).toBe(false);
    expect(isVideoExpired(created, week, at('2026-11-08T00:00:00Z'))).toBe(true);
    expect(isVideoExpired(created, week, at('2026-12-01T00:00:00Z'))).toBe(true);
  });

  it('never expires without a configured saveVideoTime', () => {
    expect(isVideoExpired(created, undefined, Date.parse('2030-01-01T00:00:00Z'))).toBe(false);
  });
});
