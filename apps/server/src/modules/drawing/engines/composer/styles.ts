import type { DrawStyle } from '@app/contract';
import { lightness, mix, saturate } from './colour.js';
import type { RenderStyle } from './segmenter.js';
import type { Role } from './types.js';

/**
 * How each style paints. Watercolour: lighter, translucent washes with a blurred copy under each layer (soft
 * bleeding edges) and strong paper grain. Ink wash: every colour turned to ink tones on rice paper, bled, with a
 * red seal. Flat illustration: plain fills. Oil: saturated colours, dark edges and brush strokes over everything,
 * sharpened. Pixel: flat, then cut to a coarse grid of few colours. Line art: paper-white shapes with ink lines.
 */
export interface Renderer {
  style: RenderStyle;
  colour(hex: string, role: Role | null): string;
  fill(hex: string, opacity?: number): string;
  line(hex: string, width: number): string;
  /** Filters and patterns the style needs. */
  defs: string;
  /** Marks under a layer, given the layer's id (a blurred copy for bleeding edges). */
  underLayer(id: string): string;
  /** The sky's gradient stops in this style (paper for ink and line art). */
  sky(sky: [string, string, string]): [string, string, string];
  /** Marks over the whole picture. */
  overlay(w: number, h: number, rnd: () => number, accent: string): string;
  /** Paper or film grain strength after rendering (0: none). */
  grain: number;
}

const PAPER = '#f3efe6';
const INK = '#1f1d1a';
const op = (opacity?: number) =>
  opacity !== undefined && opacity < 1 ? ` fill-opacity="${opacity.toFixed(2)}"` : '';

const watercolor: Renderer = {
  style: 'watercolor',
  colour: (hex) => mix(hex, '#ffffff', 0.14),
  fill: (hex, opacity) => `fill="${hex}" fill-opacity="${((opacity ?? 1) * 0.8).toFixed(2)}"`,
  line: (hex, width) =>
    `stroke="${hex}" stroke-width="${width}" stroke-opacity="0.75" stroke-linecap="round"`,
  defs: '<filter id="bleed" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="7"/></filter>',
  underLayer: (id) => `<use href="#${id}" filter="url(#bleed)" opacity="0.55" transform="translate(3 4)"/>`,
  sky: (sky) => [mix(sky[0], '#ffffff', 0.2), mix(sky[1], '#ffffff', 0.25), mix(sky[2], '#fbf7ee', 0.4)],
  overlay: (w, h, rnd, accent) => {
    const out: string[] = [];
    for (let i = 0; i < 10; i++)
      out.push(
        `<circle cx="${(rnd() * w).toFixed(0)}" cy="${(rnd() * h).toFixed(0)}" r="${(w * (0.06 + rnd() * 0.12)).toFixed(0)}" fill="${i % 2 ? accent : '#fbf3e4'}" fill-opacity="0.06"/>`,
      );
    return out.join('');
  },
  grain: 1.6,
};

const ink: Renderer = {
  style: 'ink',
  colour: (hex, role) =>
    role === 'sun' ? '#c8402f' : mix(INK, PAPER, Math.min(1, lightness(hex) ** 0.8 + 0.08)),
  fill: (hex, opacity) => `fill="${hex}" fill-opacity="${((opacity ?? 1) * 0.88).toFixed(2)}"`,
  line: (hex, width) => `stroke="${hex}" stroke-width="${width}" stroke-linecap="round"`,
  defs: '<filter id="bleed" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="5"/></filter>',
  underLayer: (id) => `<use href="#${id}" filter="url(#bleed)" opacity="0.5"/>`,
  sky: () => [PAPER, '#f1ede3', '#f6f3eb'],
  // The artist's red seal, a plain square (no characters: the picture holds no text).
  overlay: (w, h) => {
    const s = Math.round(Math.min(w, h) * 0.045);
    return `<rect id="seal" x="${Math.round(w * 0.06)}" y="${Math.round(h * 0.08)}" width="${s}" height="${s}" rx="${Math.round(s * 0.12)}" fill="#b8322a" opacity="0.85"/><rect x="${Math.round(w * 0.06 + s * 0.2)}" y="${Math.round(h * 0.08 + s * 0.2)}" width="${Math.round(s * 0.6)}" height="${Math.round(s * 0.6)}" fill="none" stroke="#f3efe6" stroke-width="${Math.max(1, Math.round(s * 0.08))}"/>`;
  },
  grain: 1.2,
};

const flat: Renderer = {
  style: 'flat',
  colour: (hex) => hex,
  fill: (hex, opacity) => `fill="${hex}"${op(opacity)}`,
  line: (hex, width) => `stroke="${hex}" stroke-width="${width}" stroke-linecap="round"`,
  defs: '',
  underLayer: () => '',
  sky: (sky) => sky,
  overlay: () => '',
  grain: 0,
};

const oil: Renderer = {
  style: 'oil',
  colour: (hex) => saturate(hex, 0.25),
  fill: (hex, opacity) =>
    `fill="${hex}"${op(opacity)} stroke="${mix(hex, '#000000', 0.4)}" stroke-width="2.2" vector-effect="non-scaling-stroke"`,
  line: (hex, width) => `stroke="${hex}" stroke-width="${width}" stroke-linecap="round"`,
  defs: '',
  underLayer: () => '',
  sky: (sky) => [saturate(sky[0], 0.2), saturate(sky[1], 0.2), saturate(sky[2], 0.2)],
  overlay: (w, h, rnd, accent) => {
    const out: string[] = [];
    const colours = [accent, '#ffffff', '#000000', '#f6d36b'];
    for (let i = 0; i < 220; i++) {
      const x = rnd() * w;
      const y = rnd() * h;
      out.push(
        `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${(10 + rnd() * 22).toFixed(0)}" ry="${(2 + rnd() * 4).toFixed(0)}" fill="${colours[i % 4]}" fill-opacity="0.09" transform="rotate(${(rnd() * 70 - 35).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
      );
    }
    return out.join('');
  },
  grain: 0.8,
};

const pixel: Renderer = { ...flat, style: 'pixel' };

const lineArt: Renderer = {
  style: 'line',
  colour: (hex) => hex,
  fill: (_hex, opacity) =>
    `fill="#fbfaf6"${op(opacity)} stroke="#2a2a2a" stroke-width="1.8" vector-effect="non-scaling-stroke" stroke-linejoin="round"`,
  line: () => `stroke="#2a2a2a" stroke-width="1.8" vector-effect="non-scaling-stroke" stroke-linecap="round"`,
  defs: '',
  underLayer: () => '',
  sky: () => ['#fbfaf6', '#fbfaf6', '#fbfaf6'],
  overlay: () => '',
  grain: 0.4,
};

export const RENDERERS: Record<RenderStyle, Renderer> = { watercolor, ink, flat, oil, pixel, line: lineArt };

/** The renderer: the style chip when it names one of the treatments, else the prompt's words, else flat. */
export const renderStyleOf = (chip: DrawStyle, fromPrompt: RenderStyle | null): RenderStyle => {
  const byChip: Partial<Record<DrawStyle, RenderStyle>> = {
    watercolor: 'watercolor',
    ink: 'ink',
    oil: 'oil',
    pixel: 'pixel',
    sketch: 'line',
  };
  return byChip[chip] ?? fromPrompt ?? 'flat';
};
