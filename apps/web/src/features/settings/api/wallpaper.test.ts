import { describe, expect, it } from 'vitest';
import { WALLPAPERS } from './wallpaper';

describe('wallpapers', () => {
  it('offers wallpapers on a path the homeBg metadata accepts', () => {
    for (const w of WALLPAPERS) expect(w.url).toMatch(/^\/static\/[\w./-]+$/);
  });
});
