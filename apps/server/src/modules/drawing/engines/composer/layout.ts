import { motifById } from './motifs/index.js';
import type { PromptReading } from './segmenter.js';
import type { Motif } from './types.js';

/**
 * The layout grammar. A picture is read back to front: backdrop (stars), sky (sun or moon, clouds, birds), far
 * (mountains, skylines on the horizon), terrain (sea, river, meadow below the horizon), middle distance (houses,
 * bridges, boats, trees), near (the focal subject, large, on a third line, and its companions), front (rain,
 * snow, fog). A prompt of only things and food becomes a still life on a table. Each placed motif keeps its id
 * (`motif-bridge`, `motif-bridge-2`) so a test can find what the prompt asked for.
 */

export type Layer = 'backdrop' | 'sky' | 'far' | 'terrain' | 'middle' | 'near' | 'front';

export interface Placement {
  motif: Motif;
  elementId: string;
  layer: Layer;
  /** The motif's foot (its box's bottom centre) in pixels, and its scale (negative x: mirrored). */
  x: number;
  y: number;
  sx: number;
  sy: number;
}

export interface Layout {
  placements: Placement[];
  horizon: number;
  stillLife: boolean;
}

const WATER = new Set(['sea', 'lake', 'river', 'beach']);
const ON_WATER = new Set([
  'boat',
  'sailboat',
  'ship',
  'swan',
  'duck',
  'whale',
  'dolphin',
  'submarine',
  'island',
  'iceberg',
]);
const WIDE = new Set(['skyline', 'forest', 'great-wall']);
const BACKDROP = new Set(['stars', 'milky-way', 'aurora']);
/** Families a focal subject is taken from first, then the rest. */
const FOCAL_FAMILIES = ['animals', 'people', 'vehicles', 'objects', 'food', 'buildings', 'plants'];

export const layOut = (reading: PromptReading, w: number, h: number, rnd: () => number): Layout => {
  const short = Math.min(w, h);
  const subjects = [...reading.subjects];
  const has = (id: string) => subjects.some((s) => s.motif.id === id);
  const addImplied = (id: string) => {
    if (!has(id)) subjects.push({ motif: motifById.get(id)!, count: 0 });
  };
  // Time of day brings its light, unless the prompt placed one.
  if (!has('sun') && !has('moon')) {
    if (reading.time === 'night') addImplied('moon');
    else if (reading.weather === 'clear' && (reading.time !== 'day' || rnd() < 0.6)) addImplied('sun');
  }
  if (reading.time === 'night' && reading.weather === 'clear') addImplied('stars');
  if (!subjects.some((s) => ['far', 'terrain', 'middle', 'near'].includes(s.motif.slot)))
    addImplied('mountain');

  const stillLife =
    subjects.every(
      (s) =>
        ['objects', 'food'].includes(s.motif.family) || s.motif.slot === 'sky' || s.motif.slot === 'weather',
    ) && subjects.some((s) => ['objects', 'food'].includes(s.motif.family) && s.motif.slot === 'near');
  const portrait = h > w * 1.1;
  const horizon = stillLife ? h * 0.62 : h * (portrait ? 0.5 : w > h * 1.1 ? 0.6 : 0.55);
  const focal =
    FOCAL_FAMILIES.map((family) =>
      subjects.find((s) => s.motif.family === family && s.motif.slot !== 'sky'),
    ).find(Boolean) ?? null;
  const focalLeft = rnd() < 0.5;
  const placements: Placement[] = [];
  const ids = new Map<string, number>();
  const place = (motif: Motif, layer: Layer, x: number, y: number, sx: number, sy = Math.abs(sx)) => {
    const n = (ids.get(motif.id) ?? 0) + 1;
    ids.set(motif.id, n);
    placements.push({
      motif,
      elementId: n === 1 ? `motif-${motif.id}` : `motif-${motif.id}-${n}`,
      layer,
      x,
      y,
      sx,
      sy,
    });
  };
  const water = subjects.find((s) => WATER.has(s.motif.id))?.motif.id ?? null;
  const lightX = w * (focalLeft ? 0.72 : 0.28);
  let skyX = focalLeft ? 0.22 : 0.62;

  for (const { motif, count } of subjects) {
    const isFocal = focal?.motif === motif;
    const instances = Math.min(6, count || (isFocal ? 1 : (motif.repeat ?? 1)));
    const size = motif.size * short * (isFocal ? 1.6 : 1);
    const unit = size / 100;
    if (motif.slot === 'weather') {
      place(motif, BACKDROP.has(motif.id) ? 'backdrop' : 'front', w / 2, h, w / 100, h / 100);
      continue;
    }
    if (motif.slot === 'sky') {
      if (motif.id === 'sun' || motif.id === 'moon') {
        const low = reading.time === 'dusk' || reading.time === 'dawn';
        const cy = stillLife ? h * 0.18 : low ? horizon - size * 0.2 : horizon * (portrait ? 0.3 : 0.4);
        place(motif, 'sky', lightX, cy + size / 2, unit);
        continue;
      }
      for (let i = 0; i < instances; i++) {
        const spread = motif.id === 'cloud';
        const x = spread
          ? w * ((i + 0.5) / instances) + (rnd() - 0.5) * w * 0.15
          : w * skyX + (i % 3) * size * 0.7 - size * 0.3 + (rnd() - 0.5) * size * 0.3;
        const y =
          (spread ? horizon * (0.2 + rnd() * 0.3) : horizon * (0.25 + (i % 2) * 0.12 + rnd() * 0.1)) + size;
        const k = i === 0 ? 1 : 0.65 + rnd() * 0.3;
        place(motif, 'sky', x, Math.min(y, horizon), unit * k);
      }
      if (motif.id !== 'cloud') skyX = skyX > 0.5 ? skyX - 0.35 : skyX + 0.35;
      continue;
    }
    if (stillLife) continue; // things are set on the table below
    if (motif.slot === 'far') {
      if (WIDE.has(motif.id)) {
        place(motif, 'far', w / 2, horizon + 2, (w / 100) * 1.02, unit);
        continue;
      }
      const range = motif.id === 'mountain' || motif.id === 'hill' ? Math.max(instances, 3) : instances;
      for (let i = 0; i < range; i++) {
        const k = i === 0 ? 1 : 0.6 + rnd() * 0.35;
        const x =
          range === 1 ? w * (focalLeft ? 0.62 : 0.38) : w * ((i + 0.5) / range) + (rnd() - 0.5) * w * 0.12;
        place(motif, 'far', x, horizon + 2, unit * k * (range > 1 ? 1.3 : 1), unit * k);
      }
      continue;
    }
    if (motif.slot === 'terrain') {
      place(motif, 'terrain', w / 2, h, w / 100, (h - horizon) / 100);
      continue;
    }
    const band = h - horizon;
    if (motif.slot === 'middle' && !isFocal) {
      for (let i = 0; i < instances; i++) {
        const depth = 0.15 + rnd() * 0.3;
        let x = w * (0.1 + rnd() * 0.8);
        let y = horizon + band * depth;
        let k = 0.75 + depth;
        if (motif.id === 'bridge' && water === 'river') {
          x = w * 0.46;
          y = horizon + band * 0.42;
          k = 2.3;
        } else if (ON_WATER.has(motif.id) && water) {
          x = water === 'river' ? w * (0.36 + i * 0.12) : w * (0.25 + rnd() * 0.5);
          y = horizon + band * (water === 'river' ? 0.62 + i * 0.1 : 0.25 + rnd() * 0.25);
        } else if (i === 0 && instances === 1) x = w * (focalLeft ? 0.7 : 0.3);
        place(motif, 'middle', x, y, unit * k * (x > w / 2 ? -1 : 1), unit * k);
      }
      continue;
    }
    // Near, and a focal subject from any slot.
    for (let i = 0; i < instances; i++) {
      const side = isFocal ? (focalLeft ? 0.36 : 0.64) : focalLeft ? 0.76 : 0.24;
      const k = i === 0 ? 1 : 0.7 + rnd() * 0.2;
      const x = w * side + (i === 0 ? 0 : (i % 2 ? 1 : -1) * Math.ceil(i / 2) * size * 0.75);
      const onWater = ON_WATER.has(motif.id) && water;
      const y = onWater
        ? horizon + band * 0.7
        : isFocal && motif.slot === 'middle'
          ? horizon + band * 0.55
          : h * (0.97 - i * 0.015);
      const s = Math.min(unit * k, (h * 0.62) / 100);
      place(motif, 'near', x, y, s * (x > w / 2 ? -1 : 1), s);
    }
  }

  if (stillLife) {
    // The table is the ground of a still life (compose draws it), not a thing on it.
    const things = subjects.filter(
      (s) => s.motif.slot !== 'sky' && s.motif.slot !== 'weather' && s.motif.id !== 'table',
    );
    const row: Motif[] = [];
    for (const s of things)
      for (let i = 0; i < Math.min(4, s.count || (s === focal ? 1 : Math.min(2, s.motif.repeat ?? 1))); i++)
        row.push(s.motif);
    // The focal thing in the middle of the row, larger.
    const mid = Math.floor((row.length - 1) / 2);
    row.splice(mid, 0, ...row.splice(0, 1));
    row.forEach((motif, i) => {
      const isFocal = i === mid;
      const height = short * (isFocal ? 0.34 : 0.22);
      const x = row.length === 1 ? w / 2 : w * (0.18 + (0.64 * i) / (row.length - 1));
      place(motif, 'near', x, h * (0.86 + (i % 2) * 0.04), height / 100);
    });
  }
  return { placements, horizon, stillLife };
};
