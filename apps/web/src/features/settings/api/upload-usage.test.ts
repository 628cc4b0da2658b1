import { describe, expect, it } from 'vitest';
import { formatBytes, percentOf } from './upload-usage';

describe('upload usage figures', () => {
  it('shows sizes in the largest unit with one decimal at most', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(895_857)).toBe('874.9 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
  });

  it('caps the bar at 100 when a limit is full', () => {
    expect(percentOf(512, 1024)).toBe(50);
    expect(percentOf(2048, 1024)).toBe(100);
    expect(percentOf(1, 0)).toBe(100);
  });
});
