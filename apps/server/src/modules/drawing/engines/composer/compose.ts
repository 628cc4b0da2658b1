import type { DrawRatio, DrawStyle } from '@app/contract';
import { aiLabelSvg } from '../../../../platform/aigc/visible-label.js';
import { seededRandom } from '../../../../platform/seeded-random.js';
import { layOut, type Layer, type Placement } from './layout.js';
import { paletteFor, type Palette } from './palette.js';
import { planScene } from './scene-plan.js';
import { fitToPlan } from './scene-rules.js';
import { readPrompt, type PromptReading, type RenderStyle } from './segmenter.js';
import { RENDERERS, renderStyleOf, type Renderer } from './styles.js';
import type { Colour, Pen, Role } from './types.js';

/** What the composer needs of a drawing request. */
export interface ComposeRequest {
  prompt: string;
  style: DrawStyle;
  ratio: DrawRatio;
  width: number;
  height: number;
  seed: number;
}

/** A source picture (picture to picture): its colours and a small blurred copy of it as the background. */
export interface SourceLook {
  colours: string[];
  /** PNG bytes, stretched over the whole picture. */
  background: Buffer;
}

export interface ComposeOptions {
  /** The corner label ("AI生成" with the offline engine's stamp); off for pictures used in videos (labelled as a video). */
  label?: boolean;
  source?: SourceLook | null;
  /** A video scene's picture: the prompt is its line's plan (scene-plan.ts), drawn as the line says. */
  scene?: boolean;
}

export interface Composition {
  /** The picture, no text in it. */
  scene: string;
  /** The offline label on its own transparent layer (kept crisp over any treatment), or null. */
  label: string | null;
  style: RenderStyle;
  reading: PromptReading;
}

/** The offline engine's stamp, a small line under "AI生成" on the one corner label. */
const OFFLINE_LABEL = '离线引擎 · Offline engine';
const OFFLINE_SOURCE_LABEL = '离线引擎 · 以原图为底';

const hash = (text: string) => {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
};

const ROLES = new Set<string>([
  'leaf',
  'blossom',
  'trunk',
  'wood',
  'roof',
  'wall',
  'stone',
  'water',
  'ground',
  'far',
  'skin',
  'hair',
  'cloth',
  'cloth2',
  'accent',
  'dark',
  'light',
  'sun',
  'moon',
  'cloud',
  'metal',
  'glass',
  'peak',
]);
/** Terrains that cover the whole land below the horizon (a river or a lake lies on land). */
const COVERING_TERRAIN = new Set(['sea', 'beach', 'desert', 'meadow', 'field', 'snowfield', 'road']);
/** Colours that give light keep it at night. */
const LIGHTS = new Set<Role>(['sun', 'moon', 'light', 'glass']);

const penFor = (renderer: Renderer, palette: Palette, rnd: () => number): Pen => {
  const resolve = (colour: Colour) => {
    const role = ROLES.has(colour) ? (colour as Role) : null;
    const hex = role ? palette.roles[role] : colour;
    const lit = role && LIGHTS.has(role) && (role !== 'glass' || palette.night);
    return renderer.colour(lit ? hex : palette.tone(hex), role);
  };
  return {
    rnd,
    fill: (colour, opacity) => renderer.fill(resolve(colour), opacity),
    line: (colour, width) => `${renderer.line(resolve(colour), width)}`,
  };
};

const num = (v: number) => (Math.round(v * 100) / 100).toString();

const drawPlacement = (p: Placement, pen: Pen) =>
  `<g id="${p.elementId}" transform="translate(${num(p.x)} ${num(p.y)}) scale(${num(p.sx)} ${num(p.sy)})">${p.motif.draw(pen)}</g>`;

/** A train's track across the picture at its wheels: sleepers and two rails (a train never runs on grass or water). */
const railsUnder = (p: Placement, w: number, pen: Pen) => {
  const k = Math.max(1, Math.abs(p.sy));
  const gap = k * 9;
  const sleepers = Array.from(
    { length: Math.ceil(w / gap) + 1 },
    (_, i) =>
      `<rect x="${num(i * gap)}" y="${num(p.y - k * 1.5)}" width="${num(k * 3)}" height="${num(k * 5)}" ${pen.fill('wood')}/>`,
  ).join('');
  const rail = (y: number) =>
    `<rect x="0" y="${num(y)}" width="${w}" height="${num(k * 0.9)}" ${pen.fill('metal')}/>`;
  return `<g id="motif-rails">${sleepers}${rail(p.y - k)}${rail(p.y + k * 2)}</g>`;
};

/**
 * Composes one picture as SVG: the prompt read into subjects, laid out by the grammar, painted in the style.
 * Deterministic: the same prompt, style, ratio, seed and index give the same SVG.
 */
export const composeSvg = (
  request: ComposeRequest,
  index: number,
  options: ComposeOptions = {},
): Composition => {
  const { width: w, height: h } = request;
  const rnd = seededRandom(
    hash(`${request.prompt}\u0000${request.style}\u0000${request.ratio}`) ^ (request.seed + index * 7919),
  );
  const read = readPrompt(request.prompt);
  const reading = options.scene ? fitToPlan(read, planScene(request.prompt)) : read;
  if (request.style === 'cyberpunk' && reading.time === 'day') reading.time = 'night';
  const style = renderStyleOf(request.style, reading.style);
  const renderer = RENDERERS[style];
  const palette = paletteFor(reading.time, reading.weather, reading.season, options.source?.colours);
  if (request.style === 'cyberpunk')
    Object.assign(palette.roles, { accent: '#ff2a6d', glass: '#05d9e8', far: '#2b0b4f' });
  const layout = layOut(reading, w, h, rnd);
  const source = options.source ?? null;
  const sky = renderer.sky(palette.sky);
  const layers: Record<Layer, string[]> = {
    backdrop: [],
    sky: [],
    far: [],
    terrain: [],
    middle: [],
    near: [],
    front: [],
  };
  for (const placement of layout.placements) {
    // With a source picture, its own layout is the land: the far land and the terrain are left out.
    if (source && (placement.layer === 'far' || placement.layer === 'terrain')) continue;
    const pen = penFor(renderer, palette, seededRandom(Math.floor(rnd() * 2 ** 31)));
    if (placement.motif.id === 'train' && !layout.stillLife)
      layers[placement.layer].push(railsUnder(placement, w, pen));
    layers[placement.layer].push(drawPlacement(placement, pen));
  }
  const groundPen = penFor(renderer, palette, rnd);
  let ground = '';
  if (!source && layout.stillLife) {
    // A table top under the things, a plain wall behind them.
    ground = `<rect id="motif-table" x="0" y="${num(layout.horizon)}" width="${w}" height="${num(h - layout.horizon)}" ${groundPen.fill('wood')}/><rect x="0" y="${num(layout.horizon)}" width="${w}" height="${num(h * 0.02)}" ${groundPen.fill('dark', 0.25)}/>`;
  } else if (!source && !layout.placements.some((p) => COVERING_TERRAIN.has(p.motif.id))) {
    // Land under a river or a lake, or under nothing at all.
    const y = layout.horizon;
    ground = `<path id="ground" d="M0,${num(y + h * 0.02)} Q${num(w * 0.3)},${num(y - h * 0.03)} ${num(w * 0.6)},${num(y + h * 0.01)} T${w},${num(y)} L${w},${h} L0,${h}Z" ${groundPen.fill('ground')}/>`;
  }
  const backdrop = source
    ? `<image id="source-background" href="data:image/png;base64,${source.background.toString('base64')}" x="0" y="0" width="${w}" height="${h}" preserveAspectRatio="none"/>`
    : layout.stillLife
      ? `<rect width="${w}" height="${h}" fill="${renderer.colour(palette.tone(style === 'line' ? '#fbfaf6' : '#efe4d2'), 'wall')}"/>`
      : `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  const group = (layer: Layer, body: string) =>
    body ? `${renderer.underLayer(`layer-${layer}`)}<g id="layer-${layer}">${body}</g>` : '';
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="0.65" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[2]}"/></linearGradient>${renderer.defs}</defs>
${backdrop}
<g id="layer-backdrop">${layers.backdrop.join('')}</g>
<g id="layer-sky">${layers.sky.join('')}</g>
${group('far', layers.far.join(''))}
<g id="layer-terrain">${ground}${layers.terrain.join('')}</g>
${group('middle', layers.middle.join(''))}
${group('near', layers.near.join(''))}
<g id="layer-front">${layers.front.join('')}</g>
${renderer.overlay(w, h, rnd, palette.roles.accent)}
</svg>`;
  return {
    scene,
    label: options.label === false ? null : aiLabelSvg(w, h, source ? OFFLINE_SOURCE_LABEL : OFFLINE_LABEL),
    style,
    reading,
  };
};
