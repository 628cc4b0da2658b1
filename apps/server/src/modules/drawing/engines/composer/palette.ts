import { lightness, mix, saturate } from './colour.js';
import type { Season, TimeOfDay, Weather } from './segmenter.js';
import type { Role } from './types.js';

/**
 * The light of the picture: the sky from top to horizon, a colour for each role, and a tone every colour takes
 * on (night darkens and cools, dusk warms, rain greys) — so a panda's fixed black and white sits in the same light
 * as the mountains.
 */
export interface Palette {
  sky: [string, string, string];
  roles: Record<Role, string>;
  /** The light a fixed colour takes on. */
  tone(hex: string): string;
  night: boolean;
}

const DAY: Record<Role, string> = {
  leaf: '#4f9a4a',
  blossom: '#f49ac1',
  trunk: '#6b4a2e',
  wood: '#8a5a34',
  roof: '#4a4f5a',
  wall: '#efe6d6',
  stone: '#a9a39b',
  water: '#4f95c6',
  ground: '#8cbf6a',
  far: '#7c97b8',
  skin: '#f1c7a0',
  hair: '#2b2118',
  cloth: '#3f6ea8',
  cloth2: '#2f3b4c',
  accent: '#e0503a',
  dark: '#2b2b30',
  light: '#ffffff',
  sun: '#fff1b8',
  moon: '#f4f1d0',
  cloud: '#ffffff',
  metal: '#8a96a6',
  glass: '#bfe3f5',
  peak: '#ffffff',
};

const SKIES: Record<TimeOfDay, [string, string, string]> = {
  dawn: ['#9fb6de', '#f6c7b6', '#fdeed8'],
  day: ['#6fa8dc', '#a9d3f0', '#e8f5fb'],
  dusk: ['#2b1b4d', '#c2566a', '#ffb36b'],
  night: ['#070b24', '#16225a', '#31478f'],
};

/** What each time of day does to every colour: a tint and how far towards it. */
const TONES: Record<TimeOfDay, [string, number]> = {
  dawn: ['#f7c6b0', 0.12],
  day: ['#ffffff', 0],
  dusk: ['#5a2a55', 0.28],
  night: ['#0b1640', 0.55],
};

export const paletteFor = (
  time: TimeOfDay,
  weather: Weather,
  season: Season | null,
  source?: string[],
): Palette => {
  const roles = { ...DAY };
  let sky = SKIES[time];
  if (season === 'spring')
    Object.assign(roles, { leaf: '#7cc36a', ground: '#a5d47e', blossom: '#f7b3cf', peak: '#93a9a0' });
  if (season === 'summer') Object.assign(roles, { leaf: '#2f8a3f', ground: '#6fb15a', peak: '#8a9f96' });
  if (season === 'autumn') Object.assign(roles, { leaf: '#d9822b', ground: '#c9a25a', blossom: '#e8a33a' });
  if (season === 'winter') Object.assign(roles, { leaf: '#5d7f6a', ground: '#eef3f8', far: '#a7b7cc' });
  if (time === 'dawn') Object.assign(roles, { far: '#b4a7c0', water: '#a9c7de', sun: '#ffe0a0' });
  if (time === 'dusk')
    Object.assign(roles, { far: '#7a3b6b', water: '#b0577a', sun: '#ffcf7a', cloud: '#f7b08a' });
  if (time === 'night')
    Object.assign(roles, { far: '#22306a', water: '#1d3566', glass: '#ffd86b', cloud: '#5a6690' });
  if (weather === 'rain') {
    sky = ['#6f7b88', '#98a3b0', '#c2cad3'];
    Object.assign(roles, { far: '#8a96a6', water: '#7f97ad', cloud: '#aab3bd' });
  }
  if (weather === 'snow') {
    sky = time === 'night' ? sky : ['#b9c9de', '#dde7f2', '#f6f9fc'];
    Object.assign(roles, { ground: '#f3f7fb', far: '#b9c8da', roof: '#e9eef4' });
  }
  if (weather === 'fog') {
    sky = [mix(sky[0], '#e8ecef', 0.5), mix(sky[1], '#eef1f3', 0.6), mix(sky[2], '#f4f6f7', 0.7)];
    roles.far = mix(roles.far, '#dfe5ea', 0.5);
  }
  if (source?.length) {
    // A source picture lends its colours: darkest to the far land, lightest to the sky, the most vivid as accent.
    const byLight = [...source].sort((a, b) => lightness(a) - lightness(b));
    const vivid = [...source].sort((a, b) => chroma(b) - chroma(a))[0]!;
    sky = [byLight.at(-2) ?? byLight.at(-1)!, byLight.at(-1)!, mix(byLight.at(-1)!, '#ffffff', 0.3)];
    Object.assign(roles, {
      far: byLight[0]!,
      ground: byLight[Math.floor(byLight.length / 3)]!,
      accent: vivid,
      water: mix(vivid, byLight[0]!, 0.4),
    });
  }
  const [tint, amount] = TONES[time];
  const greyRain = weather === 'rain' ? -0.3 : 0;
  const tone = (hex: string) => {
    const toned = amount ? mix(hex, tint, amount) : hex;
    return greyRain ? saturate(toned, greyRain) : toned;
  };
  return { sky, roles, tone, night: time === 'night' };
};

const chroma = (hex: string) => {
  const v = Number.parseInt(hex.slice(1), 16);
  const c = [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  return Math.max(...c) - Math.min(...c);
};
