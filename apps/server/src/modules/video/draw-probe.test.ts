import { describe, expect, it } from 'vitest';
import { createImageEngine } from '../drawing/index.js';
import { drawingProbe } from './video.module.js';

describe("the video page's drawAvailable", () => {
  it('is true when the built-in offline engine really draws here, and is asked once', async () => {
    const warnings: string[] = [];
    const available = drawingProbe(createImageEngine({ AI_IMAGE_PROVIDER: 'offline' } as never), (m) =>
      warnings.push(m),
    );
    const first = available();
    expect(available()).toBe(first);
    expect(await first, warnings.join()).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('is false, with the reason logged, when the engine cannot draw (a picture larger than sharp accepts)', async () => {
    const warnings: string[] = [];
    const engine = createImageEngine({ AI_IMAGE_PROVIDER: 'offline' } as never);
    const available = drawingProbe(
      { offline: true, draw: (request, run) => engine.draw({ ...request, width: 1e9, height: 1e9 }, run) },
      (m) => warnings.push(m),
    );
    expect(await available()).toBe(false);
    expect(warnings[0]).toMatch(/cannot draw/);
  });
});
