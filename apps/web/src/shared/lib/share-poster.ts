import { drawQr } from './qr';

/**
 * The share poster of a work (article, video, drawing) or a banner (spec §2 poster detail), drawn on a canvas:
 * cover, title, app name and slogan, a QR code of the share link and the link as text.
 */
export interface PosterInput {
  title: string;
  cover: string | null;
  appName: string;
  slogan: string;
  linkText: string;
  link: string;
}

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1200;

const loadImage = (src: string): Promise<HTMLImageElement | undefined> =>
  new Promise((resolve) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(undefined);
    image.src = src;
  });

/** Lines of at most `width` pixels (CJK text wraps anywhere). */
const wrap = (ctx: CanvasRenderingContext2D, text: string, width: number, maxLines: number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (ctx.measureText(line + char).width > width && line) {
      lines.push(line);
      line = char;
      if (lines.length === maxLines) break;
    } else line += char;
  }
  if (lines.length < maxLines && line) lines.push(line);
  else if (lines.length === maxLines && line) lines[maxLines - 1] = `${lines[maxLines - 1]!.slice(0, -1)}…`;
  return lines;
};

/** Where the QR code sits: right of the app name and slogan, under the title. */
export const POSTER_QR = { x: 500, y: 880, size: 190 };

export const drawPoster = async (canvas: HTMLCanvasElement, input: PosterInput): Promise<void> => {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const cover = input.cover ? await loadImage(input.cover) : undefined;
  paintPoster(ctx, input, cover);
};

/** Paints the poster on a 750×1200 context (the cover already loaded, or none). */
export const paintPoster = (ctx: CanvasRenderingContext2D, input: PosterInput, cover?: HTMLImageElement): void => {
  const gradient = ctx.createLinearGradient(0, 0, 0, POSTER_HEIGHT);
  gradient.addColorStop(0, '#2384F5');
  gradient.addColorStop(1, '#6FB1FF');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);

  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.roundRect(40, 40, POSTER_WIDTH - 80, POSTER_HEIGHT - 80, 28);
  ctx.fill();

  const box = { x: 70, y: 70, w: POSTER_WIDTH - 140, h: 620 };
  if (cover && cover.naturalWidth > 0) {
    const scale = Math.max(box.w / cover.naturalWidth, box.h / cover.naturalHeight);
    const sw = box.w / scale;
    const sh = box.h / scale;
    ctx.save();
    ctx.beginPath();
    ctx.roundRect(box.x, box.y, box.w, box.h, 20);
    ctx.clip();
    ctx.drawImage(cover, (cover.naturalWidth - sw) / 2, (cover.naturalHeight - sh) / 2, sw, sh, box.x, box.y, box.w, box.h);
    ctx.restore();
  } else {
    ctx.fillStyle = '#E8F1FE';
    ctx.fillRect(box.x, box.y, box.w, box.h);
  }

  /** Text under the cover, left-aligned with it; given a line height it wraps over at most two lines. */
  const write = (color: string, font: string, text: string, y: number, lineHeight?: number, width = box.w) => {
    ctx.fillStyle = color;
    ctx.font = font;
    if (lineHeight === undefined) ctx.fillText(text, box.x, y, width);
    else wrap(ctx, text, width, 2).forEach((line, i) => ctx.fillText(line, box.x, y + i * lineHeight));
  };
  const column = POSTER_QR.x - box.x - 20;
  ctx.textBaseline = 'top';
  write('#1a1a1a', 'bold 40px sans-serif', input.title, 730, 54);
  write('#2384F5', 'bold 34px sans-serif', input.appName, 900, undefined, column);
  write('#666', '28px sans-serif', input.slogan, 950, 38, column);
  write('#999', '24px sans-serif', input.linkText, 1040, undefined, column);
  write('#2384F5', '22px monospace', input.link, 1090, 30);
  drawQr(ctx, input.link, POSTER_QR);
};

/** A link to a route of the app that opens from anywhere (the page's own address with the route as hash). */
export const appLink = (route: string): string => `${window.location.origin}${window.location.pathname}#${route}`;

export const canvasBlob = (canvas: HTMLCanvasElement): Promise<Blob> =>
  new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'));

/** Downloads a blob under a file name (the web's "save to album"). */
export const saveBlob = (blob: Blob, name: string): void => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
