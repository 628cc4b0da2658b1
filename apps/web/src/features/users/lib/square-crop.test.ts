import { describe, expect, it } from 'vitest';
import { squareCrop } from './square-crop';

describe('square avatar crop', () => {
  it('takes the largest centred square at zoom 1', () => {
    expect(squareCrop(1200, 800)).toEqual({ sx: 200, sy: 0, size: 800 });
    expect(squareCrop(600, 900)).toEqual({ sx: 0, sy: 150, size: 600 });
  });

  it('zooms around the centre and pans to the edges but never past them', () => {
    expect(squareCrop(1000, 1000, 2)).toEqual({ sx: 250, sy: 250, size: 500 });
    expect(squareCrop(1000, 1000, 2, 1, -1)).toEqual({ sx: 500, sy: 0, size: 500 });
    expect(squareCrop(1000, 1000, 2, 5, -5)).toEqual({ sx: 500, sy: 0, size: 500 });
    expect(squareCrop(1200, 800, 10).size).toBeCloseTo(800 / 3);
  });
});
