import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { initI18n, loadPageMessages, t } from '../../../shared/i18n';
import { drawPoster, POSTER, posterInviteeLine, referralLink } from './my-referral-page';

/** A 2D context that paints rectangles into real pixels (text is not drawn), enough to read the poster's QR code. */
const pixelContext = (width: number, height: number) => {
  const data = new Uint8ClampedArray(width * height * 4);
  let fill: unknown = '#000000';
  const rgb = (style: unknown): [number, number, number] => {
    if (typeof style === 'string' && /^#[0-9a-f]{6}$/i.test(style)) return [1, 3, 5].map((i) => parseInt(style.slice(i, i + 2), 16)) as [number, number, number];
    if (typeof style === 'string' && style.startsWith('rgba(255,255,255')) return [255, 255, 255];
    return [35, 132, 245]; // the gradient
  };
  const ctx = {
    set fillStyle(value: unknown) {
      fill = value;
    },
    get fillStyle() {
      return fill;
    },
    font: '',
    textAlign: 'left',
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    fillText: () => undefined,
    fillRect(x: number, y: number, w: number, h: number) {
      const [r, g, b] = rgb(fill);
      for (let row = Math.max(0, y); row < Math.min(height, y + h); row++)
        for (let col = Math.max(0, x); col < Math.min(width, x + w); col++) data.set([r, g, b, 255], (row * width + col) * 4);
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, data };
};

describe('referral poster', () => {
  it('carries a QR code that scans to the code page with the referral code filled in', () => {
    const link = referralLink('https://aichuang.example/', 'AB12CD');
    expect(link).toBe('https://aichuang.example/#/pages/index/coupons/code?code=AB12CD');
    const { ctx, data } = pixelContext(POSTER.width, POSTER.height);
    drawPoster(ctx, { title: '邀请好友', code: 'AB12CD', intro: '好友注册送 500 金币', link, scan: '扫码填写邀请码' });
    const scanned = jsQR(data, POSTER.width, POSTER.height);
    expect(scanned?.data).toBe(link);
  });
});

describe('the poster tells the person who scans it what they get', () => {
  it('the welcome gift of a new account, never the inviter\'s reward', async () => {
    await initI18n('zh-Hans');
    await loadPageMessages();
    expect(posterInviteeLine(t, 4000)).toBe('新用户注册即得 4000 金币');
    expect(posterInviteeLine(t, 0)).toBe('注册就能用 AI 写文案、画图、配音、做视频');
    expect(posterInviteeLine(t, 4000)).not.toContain('你可获得');
  });
});
