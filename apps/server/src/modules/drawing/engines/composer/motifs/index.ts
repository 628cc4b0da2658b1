import type { Motif } from '../types.js';
import { animalMotifs } from './animals.js';
import { buildingMotifs } from './buildings.js';
import { foodMotifs } from './food.js';
import { landscapeMotifs } from './landscape.js';
import { objectMotifs } from './objects.js';
import { peopleMotifs } from './people.js';
import { plantMotifs } from './plants.js';
import { vehicleMotifs } from './vehicles.js';

/** Every motif the composer can draw, by family. */
export const MOTIFS: readonly Motif[] = [
  ...landscapeMotifs,
  ...plantMotifs,
  ...animalMotifs,
  ...peopleMotifs,
  ...buildingMotifs,
  ...vehicleMotifs,
  ...objectMotifs,
  ...foodMotifs,
];

export const motifById = new Map(MOTIFS.map((motif) => [motif.id, motif]));

/**
 * Words that stand for a scene of several motifs (江南水乡 is white houses by a river), beside the single words
 * each motif lists.
 */
const SCENE_WORDS: Record<string, string[]> = {
  小桥流水: ['bridge', 'river'],
  江南水乡: ['watertown', 'river'],
  水乡: ['watertown', 'river'],
  田园: ['field', 'house'],
  山水: ['mountain', 'river'],
  山水画: ['mountain', 'river'],
  湖光山色: ['lake', 'mountain'],
  海边: ['sea', 'beach'],
  海滩: ['beach', 'sea'],
  夜景: ['skyline'],
  城市夜景: ['skyline'],
  森林: ['forest', 'tree'],
  花海: ['flower', 'meadow'],
  花园: ['flower', 'tree'],
  农场: ['field', 'house', 'fence'],
  乡村: ['house', 'field', 'tree'],
  雨中漫步: ['umbrella-walker', 'rain'],
  圣诞: ['pine', 'snow', 'gift'],
  'christmas tree': ['pine'],
  'water town': ['watertown', 'river'],
  countryside: ['house', 'field', 'tree'],
  farm: ['field', 'house', 'fence'],
  seaside: ['sea', 'beach'],
};

/** Word (Chinese, or lower-case English, possibly of several words) → motif ids. */
export const LEXICON: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const motif of MOTIFS) for (const word of motif.words) if (!map.has(word)) map.set(word, [motif.id]);
  for (const [word, ids] of Object.entries(SCENE_WORDS)) map.set(word, ids);
  return map;
})();
