import { describe, expect, it } from 'vitest';
import { drawImagineBodySchema, drawPageBodySchema, drawSizeOf, drawStyles } from './drawing.js';
import { appConfigSchema } from './dictionary.js';
import { reportAddBodySchema } from './plaza.js';

describe('drawing contract', () => {
  it('fills defaults and trims the prompt', () => {
    expect(drawImagineBodySchema.parse({ prompt: '  夕阳下的城市 ' })).toEqual({
      prompt: '夕阳下的城市',
      style: 'none',
      ratio: '1:1',
      count: 1,
    });
  });

  it('refuses empty or over-long prompts, unknown ratios and styles, counts outside 1–4, too many role images', () => {
    const bad = [
      { prompt: '   ' },
      { prompt: 'x'.repeat(1001) },
      { prompt: 'x', ratio: '2:1' },
      { prompt: 'x', style: 'vaporwave' },
      { prompt: 'x', count: 0 },
      { prompt: 'x', count: 5 },
      { prompt: 'x', roleImageIds: [1, 2, 3, 4, 5] },
      { prompt: 'x', roleImageIds: [-1] },
    ];
    for (const body of bad)
      expect(drawImagineBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    expect(drawStyles).toContain('ink');
  });

  it('a drawing is a report target of its own; media tasks that are never shared are not', () => {
    expect(reportAddBodySchema.parse({ targetType: 'drawing', targetId: 7, reason: ' 侵权 ' })).toEqual({
      targetType: 'drawing',
      targetId: 7,
      reason: '侵权',
    });
    for (const targetType of ['dubbing', 'voice', 'video'])
      expect(reportAddBodySchema.safeParse({ targetType, targetId: 7, reason: 'x' }).success).toBe(false);
  });

  it('sizes every ratio at 1024 on the long side in multiples of 8', () => {
    expect(drawSizeOf('1:1')).toEqual({ width: 1024, height: 1024 });
    expect(drawSizeOf('3:4')).toEqual({ width: 768, height: 1024 });
    expect(drawSizeOf('16:9')).toEqual({ width: 1024, height: 576 });
    expect(drawSizeOf('9:16')).toEqual({ width: 576, height: 1024 });
  });

  it('pages mine by default; the hall takes a sort', () => {
    expect(drawPageBodySchema.parse({})).toMatchObject({
      scope: 'mine',
      sort: 'newest',
      page: 1,
      pageSize: 20,
    });
    expect(drawPageBodySchema.safeParse({ scope: 'hall', sort: 'random' }).success).toBe(false);
  });

  it('an app config stored before the drawing price existed still reads, at 30 gold per image', () => {
    const prices = appConfigSchema.shape.prices.parse({ perSecondWord: 5, goldPerWord: 20 });
    expect(prices.goldPerImage).toBe(30);
  });
});
