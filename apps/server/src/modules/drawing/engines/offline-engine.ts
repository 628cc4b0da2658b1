import sharp from 'sharp';
import type { DrawStyle } from '@app/contract';
import type { DrawRequest, EngineRun, ImageEngine } from './image-engine.js';
import { seededRandom } from '../../../platform/seeded-random.js';
import { escapeXml } from '../../../platform/xml.js';

/**
 * The built-in offline engine: composes a picture from the prompt without any model. Palette and mood come from
 * colour, time and weather words; the scene (skyline, mountains, sea, forest, flowers) from subject words; the
 * style chip picks the treatment; the ratio sets the composition; the prompt's subject is set as type with the
 * CJK font. Deterministic: the same prompt, style, ratio and seed give the same bytes. SVG rendered by sharp.
 */

const FONT = "'WenQuanYi Micro Hei', 'Noto Sans CJK SC', sans-serif";

const hash = (text: string) => {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
};

interface Palette {
  /** Sky from top to bottom. */
  sky: [string, string, string];
  /** Sun or moon. */
  light: string;
  /** Far to near layers of land. */
  layers: [string, string, string];
  accent: string;
  ink: string;
  night: boolean;
}

const PALETTES: { words: RegExp; palette: Palette }[] = [
  {
    words: /夕阳|黄昏|日落|晚霞|落日|sunset|dusk|橙|orange/i,
    palette: {
      sky: ['#2b1b4d', '#c2566a', '#ffb36b'],
      light: '#ffe2a0',
      layers: ['#7a3b6b', '#4d2451', '#26133a'],
      accent: '#ffcf7a',
      ink: '#fff6e8',
      night: false,
    },
  },
  {
    words: /夜|星|月|银河|night|star|moon|galaxy/i,
    palette: {
      sky: ['#070b24', '#16225a', '#31478f'],
      light: '#f4f1d0',
      layers: ['#1c2a5e', '#121c44', '#080d26'],
      accent: '#ffd86b',
      ink: '#eef2ff',
      night: true,
    },
  },
  {
    words: /赛博|霓虹|未来|科幻|cyber|neon|future|sci-?fi/i,
    palette: {
      sky: ['#0d0221', '#3b0f6f', '#ff2a6d'],
      light: '#ff77e9',
      layers: ['#2b0b4f', '#1a0736', '#05010f'],
      accent: '#05d9e8',
      ink: '#e0fbff',
      night: true,
    },
  },
  {
    words: /海|湖|河|水|蓝|雨|ocean|sea|lake|river|blue|rain/i,
    palette: {
      sky: ['#8fd3f4', '#c2e9fb', '#f3fbff'],
      light: '#fffbe6',
      layers: ['#5fa8d3', '#2f6f9f', '#18436b'],
      accent: '#ffffff',
      ink: '#0f2c45',
      night: false,
    },
  },
  {
    words: /森林|树|草|绿|春|竹|forest|tree|green|spring|bamboo/i,
    palette: {
      sky: ['#d4f1e4', '#eefbe9', '#fdfcea'],
      light: '#fff3b0',
      layers: ['#8cc084', '#4f8f5b', '#24563a'],
      accent: '#f6d365',
      ink: '#173b2a',
      night: false,
    },
  },
  {
    words: /樱|花|粉|浪漫|爱|sakura|blossom|flower|pink|love/i,
    palette: {
      sky: ['#fbd3e9', '#fde2ee', '#fff5f8'],
      light: '#fffaf0',
      layers: ['#f5a3c7', '#d77aa6', '#9c4f7d'],
      accent: '#ff6f91',
      ink: '#5a1f3d',
      night: false,
    },
  },
  {
    words: /雪|冬|冰|白|snow|winter|ice|white/i,
    palette: {
      sky: ['#c9d6e8', '#e6eef7', '#ffffff'],
      light: '#ffffff',
      layers: ['#b8c7da', '#8ea4c0', '#5d7593'],
      accent: '#9fd3ff',
      ink: '#23374f',
      night: false,
    },
  },
  {
    words: /秋|金|麦|沙漠|autumn|gold|desert|wheat/i,
    palette: {
      sky: ['#f6d365', '#fda085', '#fff1d6'],
      light: '#fff6d5',
      layers: ['#d98e48', '#a85d2a', '#6b3615'],
      accent: '#ffe29a',
      ink: '#3d1f0c',
      night: false,
    },
  },
];

const INK_PALETTE: Palette = {
  sky: ['#f3efe6', '#ece6d9', '#f7f4ec'],
  light: '#c8402f',
  layers: ['#b9b4aa', '#7d786f', '#35332f'],
  accent: '#c8402f',
  ink: '#1f1d1a',
  night: false,
};

type Scene = 'city' | 'mountain' | 'sea' | 'forest' | 'flowers' | 'abstract';
const SCENES: [Scene, RegExp][] = [
  ['city', /城|楼|街|都市|建筑|city|street|building|town|skyline/i],
  ['sea', /海|湖|河|浪|岛|沙滩|ocean|sea|lake|river|wave|beach|island/i],
  ['forest', /森林|树|竹|林|forest|tree|wood|bamboo/i],
  ['flowers', /花|樱|草地|花园|flower|blossom|garden|meadow/i],
  ['mountain', /山|峰|谷|mountain|peak|valley|hill/i],
];

/** The words set as type: the prompt's first clause, at most 12 characters (14 for Latin text). */
export const subjectOf = (prompt: string): string => {
  const clause = prompt.split(/[，,。.!！?？;；\n]/)[0]!.trim() || prompt.trim();
  const chars = [...clause];
  const max = /[\u3400-\u9fff]/.test(clause) ? 12 : 28;
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clause;
};

const ridge = (
  rnd: () => number,
  w: number,
  h: number,
  base: number,
  amplitude: number,
  sharpness: number,
) => {
  const points: string[] = [`0,${h}`];
  const steps = 24;
  const phase = rnd() * Math.PI * 2;
  const freq = 1 + rnd() * 2;
  for (let i = 0; i <= steps; i++) {
    const x = (w * i) / steps;
    const wave = Math.sin((i / steps) * Math.PI * freq + phase) * 0.6 + (rnd() - 0.5) * sharpness;
    points.push(`${x.toFixed(1)},${(base - wave * amplitude).toFixed(1)}`);
  }
  points.push(`${w},${h}`);
  return points.join(' ');
};

interface Frame {
  w: number;
  h: number;
  horizon: number;
  rnd: () => number;
  p: Palette;
}

const sceneLayers = (scene: Scene, f: Frame): string => {
  const { w, h, horizon, rnd, p } = f;
  const out: string[] = [];
  // Distant hills in every scene, fading with distance.
  out.push(
    `<polygon points="${ridge(rnd, w, h, horizon - h * 0.06, h * 0.08, 0.4)}" fill="${p.layers[0]}" opacity="0.55"/>`,
  );
  if (scene === 'mountain' || scene === 'abstract') {
    out.push(
      `<polygon points="${ridge(rnd, w, h, horizon, h * 0.16, 1.2)}" fill="${p.layers[1]}" opacity="0.85"/>`,
    );
    out.push(
      `<polygon points="${ridge(rnd, w, h, horizon + h * 0.12, h * 0.1, 0.8)}" fill="${p.layers[2]}"/>`,
    );
  }
  if (scene === 'city') {
    let x = -10;
    while (x < w) {
      const bw = w * (0.04 + rnd() * 0.07);
      const bh = h * (0.1 + rnd() * 0.28);
      const top = horizon + h * 0.1 - bh;
      out.push(
        `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${bw.toFixed(1)}" height="${(h - top).toFixed(1)}" fill="${p.layers[rnd() > 0.5 ? 1 : 2]}"/>`,
      );
      // Lit windows.
      for (let wy = top + 12; wy < horizon + h * 0.08; wy += 22) {
        for (let wx = x + 6; wx < x + bw - 8; wx += 14) {
          if (rnd() < (p.night ? 0.45 : 0.18))
            out.push(
              `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="6" height="9" fill="${p.accent}" opacity="${(0.5 + rnd() * 0.5).toFixed(2)}"/>`,
            );
        }
      }
      x += bw + w * 0.005;
    }
    out.push(
      `<rect x="0" y="${(horizon + h * 0.1).toFixed(1)}" width="${w}" height="${h}" fill="${p.layers[2]}"/>`,
    );
  }
  if (scene === 'sea') {
    out.push(`<rect x="0" y="${horizon.toFixed(1)}" width="${w}" height="${h - horizon}" fill="url(#sea)"/>`);
    for (let i = 0; i < 14; i++) {
      const y = horizon + ((h - horizon) * (i + 1)) / 15;
      const len = w * (0.1 + rnd() * 0.25);
      const x = rnd() * (w - len);
      out.push(
        `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + len).toFixed(1)}" y2="${y.toFixed(1)}" stroke="${p.light}" stroke-width="${(2 + i * 0.4).toFixed(1)}" stroke-linecap="round" opacity="${(0.15 + i * 0.03).toFixed(2)}"/>`,
      );
    }
  }
  if (scene === 'forest' || scene === 'flowers') {
    out.push(
      `<polygon points="${ridge(rnd, w, h, horizon + h * 0.08, h * 0.05, 0.3)}" fill="${p.layers[1]}"/>`,
    );
  }
  if (scene === 'forest') {
    for (let i = 0; i < 28; i++) {
      const x = rnd() * w;
      const depth = rnd();
      const th = h * (0.12 + depth * 0.22);
      const base = horizon + h * (0.08 + depth * 0.3);
      const half = th * 0.28;
      out.push(
        `<polygon points="${x.toFixed(1)},${(base - th).toFixed(1)} ${(x - half).toFixed(1)},${base.toFixed(1)} ${(x + half).toFixed(1)},${base.toFixed(1)}" fill="${p.layers[depth > 0.5 ? 2 : 1]}" opacity="${(0.7 + depth * 0.3).toFixed(2)}"/>`,
      );
    }
  }
  if (scene === 'flowers') {
    for (let i = 0; i < 60; i++) {
      const x = rnd() * w;
      const y = horizon + h * 0.1 + rnd() * (h - horizon - h * 0.1);
      const r = 4 + ((y - horizon) / (h - horizon)) * 18 * (0.5 + rnd());
      out.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${rnd() > 0.4 ? p.accent : p.light}" opacity="${(0.6 + rnd() * 0.4).toFixed(2)}"/>`,
      );
    }
  }
  return out.join('');
};

/** Extra marks a style adds over the scene. */
const styleOverlay = (style: DrawStyle, f: Frame): string => {
  const { w, h, rnd, p } = f;
  const out: string[] = [];
  if (style === 'cyberpunk') {
    for (let i = 1; i < 12; i++) {
      const y = f.horizon + ((h - f.horizon) * i * i) / 144;
      out.push(
        `<line x1="0" y1="${y.toFixed(1)}" x2="${w}" y2="${y.toFixed(1)}" stroke="${p.accent}" stroke-width="1.5" opacity="0.5"/>`,
      );
    }
    for (let i = -8; i <= 8; i++)
      out.push(
        `<line x1="${w / 2}" y1="${f.horizon.toFixed(1)}" x2="${(w / 2 + i * w * 0.18).toFixed(1)}" y2="${h}" stroke="${p.accent}" stroke-width="1.5" opacity="0.45"/>`,
      );
  }
  if (style === 'watercolor' || style === 'oil') {
    for (let i = 0; i < (style === 'oil' ? 70 : 18); i++) {
      const x = rnd() * w;
      const y = rnd() * h;
      const c = [p.accent, p.light, p.layers[0], p.sky[1]][Math.floor(rnd() * 4)];
      if (style === 'oil')
        out.push(
          `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(20 + rnd() * 40).toFixed(1)}" ry="${(4 + rnd() * 6).toFixed(1)}" fill="${c}" opacity="0.18" transform="rotate(${(rnd() * 60 - 30).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
        );
      else
        out.push(
          `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(w * (0.05 + rnd() * 0.12)).toFixed(1)}" fill="${c}" opacity="0.12"/>`,
        );
    }
  }
  if (style === 'sketch') {
    for (let i = 0; i < 90; i++) {
      const x = rnd() * w;
      const y = rnd() * h;
      out.push(
        `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + 30 + rnd() * 40).toFixed(1)}" y2="${(y - 18 - rnd() * 20).toFixed(1)}" stroke="#3a3a3a" stroke-width="1" opacity="0.18"/>`,
      );
    }
  }
  if (p.night) {
    for (let i = 0; i < 120; i++) {
      const x = rnd() * w;
      const y = rnd() * f.horizon * 0.9;
      out.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(0.6 + rnd() * 1.8).toFixed(1)}" fill="#ffffff" opacity="${(0.3 + rnd() * 0.7).toFixed(2)}"/>`,
      );
    }
  }
  return out.join('');
};

const paletteFor = (request: Pick<DrawRequest, 'prompt' | 'style'>, rnd: () => number): Palette => {
  if (request.style === 'ink' || request.style === 'sketch') return INK_PALETTE;
  const found = PALETTES.find((entry) => entry.words.test(request.prompt));
  if (found) return found.palette;
  if (request.style === 'cyberpunk') return PALETTES[2]!.palette;
  return PALETTES[Math.floor(rnd() * PALETTES.length)]!.palette;
};

/** SVG of one picture: the scene, and (drawn last, over any treatment) the type. */
export const composeSvg = (request: DrawRequest, index: number): { scene: string; type: string } => {
  const { width: w, height: h } = request;
  const rnd = seededRandom(
    hash(`${request.prompt}\u0000${request.style}\u0000${request.ratio}`) ^ (request.seed + index * 7919),
  );
  const p = paletteFor(request, rnd);
  const scene = SCENES.find(([, words]) => words.test(request.prompt))?.[0] ?? 'abstract';
  const portrait = h > w * 1.1;
  const landscape = w > h * 1.1;
  const horizon = h * (portrait ? 0.62 : landscape ? 0.58 : 0.6);
  const f: Frame = { w, h, horizon, rnd, p };
  // The light sits on a third line: left or right in landscape, upper third in portrait.
  const lx = landscape ? w * (rnd() > 0.5 ? 0.68 : 0.32) : w * (0.35 + rnd() * 0.3);
  const ly = portrait ? h * 0.3 : horizon - h * (0.14 + rnd() * 0.1);
  const lr = Math.min(w, h) * (p.night ? 0.07 : 0.11);
  const subject = escapeXml(subjectOf(request.prompt));
  const fontSize = Math.round(Math.min(w, h) * (landscape ? 0.075 : 0.085));
  const textY = portrait ? h * 0.86 : h * 0.88;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;
  const sceneSvg = `${open}
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.6" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[2]}"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.layers[0]}"/><stop offset="1" stop-color="${p.layers[2]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${p.light}" stop-opacity="0.9"/><stop offset="0.35" stop-color="${p.light}" stop-opacity="0.35"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${lx.toFixed(1)}" cy="${ly.toFixed(1)}" r="${(lr * 4).toFixed(1)}" fill="url(#glow)"/>
<circle cx="${lx.toFixed(1)}" cy="${ly.toFixed(1)}" r="${lr.toFixed(1)}" fill="${p.light}"/>
${styleOverlay(request.style, f)}
${sceneLayers(scene, f)}
<rect width="${w}" height="${h}" fill="url(#shade)"/>
</svg>`;
  const typeSvg = `${open}
<line x1="${(w / 2 - fontSize * 1.5).toFixed(1)}" y1="${(textY - fontSize * 1.25).toFixed(1)}" x2="${(w / 2 + fontSize * 1.5).toFixed(1)}" y2="${(textY - fontSize * 1.25).toFixed(1)}" stroke="#ffffff" stroke-width="2" opacity="0.7"/>
<text x="${w / 2}" y="${textY.toFixed(1)}" font-family="${FONT}" font-size="${fontSize}" fill="#ffffff" text-anchor="middle" letter-spacing="${(fontSize * 0.08).toFixed(1)}">${subject}</text>
<text x="${(w - 24).toFixed(1)}" y="${(h - 22).toFixed(1)}" font-family="${FONT}" font-size="${Math.round(fontSize * 0.3)}" fill="#ffffff" opacity="0.75" text-anchor="end">离线引擎 · Offline engine</text>
</svg>`;
  return { scene: sceneSvg, type: typeSvg };
};

const GRAIN = 256;

/** Renders one picture: the SVG, then film grain; PNG out. */
export const renderOffline = async (request: DrawRequest, index: number): Promise<Buffer> => {
  const svg = composeSvg(request, index);
  const base = sharp(Buffer.from(svg.scene));
  // Film grain from the picture's own seed, so the same prompt and seed give the same bytes.
  const rnd = seededRandom(request.seed ^ 0x5bd1e995);
  const grain = Buffer.alloc(GRAIN * GRAIN * 3);
  for (let i = 0; i < grain.length; i++) grain[i] = Math.round(128 + (rnd() + rnd() + rnd() - 1.5) * 36);
  const grainTile = await sharp(grain, { raw: { width: GRAIN, height: GRAIN, channels: 3 } })
    .png()
    .toBuffer();
  let image = base.composite([{ input: grainTile, tile: true, blend: 'soft-light' }]);
  if (request.style === 'pixel') {
    const small = await image.png().toBuffer();
    const scale = 8;
    image = sharp(
      await sharp(small)
        .resize(Math.round(request.width / scale), Math.round(request.height / scale))
        .png()
        .toBuffer(),
    ).resize(request.width, request.height, { kernel: 'nearest' });
  }
  // The type stays sharp over every treatment (pixel art included).
  const scene = await image.png().toBuffer();
  return sharp(scene)
    .composite([{ input: Buffer.from(svg.type) }])
    .png({ compressionLevel: 6 })
    .toBuffer();
};

export const createOfflineImageEngine = (options: { timeoutMs?: number } = {}): ImageEngine => ({
  name: 'offline',
  offline: true,
  maxPromptChars: 1000,
  timeoutMs: options.timeoutMs ?? 60_000,
  usesRoleImages: false,
  async draw(request: DrawRequest, run: EngineRun) {
    const out: Buffer[] = [];
    for (let i = 0; i < request.count; i++) {
      if (run.signal.aborted) throw run.signal.reason as Error;
      await run.progress(10 + Math.round((80 * i) / request.count), 'generating');
      out.push(await renderOffline(request, i));
    }
    return out;
  },
});
