import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawRatios, drawSizeOf, type DrawRatio, type DrawStyle } from '@app/contract';
import { createOfflineImageEngine, renderOffline } from './offline-engine.js';

const request = (prompt: string, ratio: DrawRatio, seed: number, style: DrawStyle = 'none') => ({
  prompt,
  negativePrompt: null,
  style,
  ratio,
  ...drawSizeOf(ratio),
  count: 1,
  seed,
  roleImages: [],
});

describe('offline drawing engine', () => {
  it('draws every ratio at 1024 px on the long side, the offline engine', async () => {
    for (const ratio of drawRatios) {
      const meta = await sharp(await renderOffline(request('夕阳下的城市', ratio, 1), 0)).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBe(1024);
      expect(meta.width! / meta.height!).toBeCloseTo(drawSizeOf(ratio).width / drawSizeOf(ratio).height, 2);
    }
    const engine = createOfflineImageEngine();
    expect(engine).toMatchObject({ name: 'offline', offline: true });
  });

  it('gives the same bytes for the same prompt and seed, another picture for another seed or prompt', async () => {
    const a = await renderOffline(request('星空下的雪山', '3:4', 7, 'watercolor'), 0);
    expect((await renderOffline(request('星空下的雪山', '3:4', 7, 'watercolor'), 0)).equals(a)).toBe(true);
    expect((await renderOffline(request('星空下的雪山', '3:4', 8, 'watercolor'), 0)).equals(a)).toBe(false);
    expect((await renderOffline(request('海边的灯塔', '3:4', 7, 'watercolor'), 0)).equals(a)).toBe(false);
  });

  it('takes its palette from the prompt: a night sky is dark, a snowy one light', async () => {
    const mean = async (prompt: string) => {
      const { channels } = await sharp(await renderOffline(request(prompt, '1:1', 3), 0))
        .extract({ left: 0, top: 0, width: 1024, height: 200 })
        .stats();
      return channels.slice(0, 3).reduce((sum, c) => sum + c.mean, 0) / 3;
    };
    expect(await mean('夜晚的星空')).toBeLessThan(80);
    expect(await mean('冬天的雪地')).toBeGreaterThan(170);
  });
});
