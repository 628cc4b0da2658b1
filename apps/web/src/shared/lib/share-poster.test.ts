import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { appLink, paintPoster, POSTER_HEIGHT, POSTER_WIDTH } from './share-poster';

/** A 2D context that paints rectangles into real pixels (paths and text are not drawn), enough to read a QR code. */
const pixelContext = (width: number, height: number) => {
  const data = new Uint8ClampedArray(width * height * 4);
  let fill: unknown = '#000000';
  const rgb = (style: unknown): [number, number, number] => {
    if (typeof style === 'string' && /^#[0-9a-f]{6}$/i.test(style)) return [1, 3, 5].map((i) => parseInt(style.slice(i, i + 2), 16)) as [number, number, number];
    if (style === '#fff') return [255, 255, 255];
    return [35, 132, 245]; // the gradient
  };
  const none = () => undefined;
  const ctx = {
    set fillStyle(value: unknown) {
      fill = value;
    },
    get fillStyle() {
      return fill;
    },
    font: '',
    textBaseline: 'alphabetic',
    createLinearGradient: () => ({ addColorStop: none }),
    beginPath: none,
    roundRect: none,
    fill: none,
    save: none,
    clip: none,
    restore: none,
    drawImage: none,
    fillText: none,
    measureText: (text: string) => ({ width: text.length * 24 }),
    fillRect(x: number, y: number, w: number, h: number) {
      const [r, g, b] = rgb(fill);
      for (let row = Math.max(0, y); row < Math.min(height, y + h); row++)
        for (let col = Math.max(0, x); col < Math.min(width, x + w); col++) data.set([r, g, b, 255], (row * width + col) * 4);
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, data };
};

const poster = (link: string) => ({ title: '秋日限定桂花拿铁', cover: null, appName: 'AI 创作', slogan: '一句话生成文案、配音、视频', linkText: '扫码或复制链接查看：', link });

/** Issue 27 point 11: every share poster (article, video, drawing, banner) carries a QR code of its link. */
describe('the share poster', () => {
  it('carries a QR code that scans to the share link of an article or video work', () => {
    const link = 'https://aichuang.example/#/pages/detail/forward?id=1234&share=Ab3dE5fG7hJ9kLmN';
    const { ctx, data } = pixelContext(POSTER_WIDTH, POSTER_HEIGHT);
    paintPoster(ctx, poster(link));
    expect(jsQR(data, POSTER_WIDTH, POSTER_HEIGHT)?.data).toBe(link);
  });

  it('carries a QR code that scans to a drawing’s page', () => {
    const link = appLink('/draw/home/detail?id=88');
    expect(link).toBe(`${window.location.origin}${window.location.pathname}#/draw/home/detail?id=88`);
    const { ctx, data } = pixelContext(POSTER_WIDTH, POSTER_HEIGHT);
    paintPoster(ctx, poster(link));
    expect(jsQR(data, POSTER_WIDTH, POSTER_HEIGHT)?.data).toBe(link);
  });
});
