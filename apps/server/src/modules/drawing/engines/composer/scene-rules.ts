import { motifById } from './motifs/index.js';
import type { People, Place, ScenePlan, Transport } from './scene-plan.js';
import type { PromptReading } from './segmenter.js';

/**
 * A video scene's picture made to agree with its line's plan: the plan's time, season and weather; its place,
 * transport and people drawn when the key nouns named none; and the contradictions a viewer notices taken out —
 * no sun at night (and a light on), no snow in spring or summer, a boat always on water, a train on land (on its
 * rails, which the composer lays under it), a meal as dishes on a table.
 */

const WATER = ['lake', 'river', 'sea', 'beach'];
const ON_WATER = ['boat', 'sailboat', 'ship'];
const LIGHTS = ['lamp', 'lantern', 'candle', 'fireworks', 'moon'];
const PLACE_MOTIFS: Record<Place, string[]> = {
  indoor: ['table', 'lamp'],
  street: ['road', 'skyline'],
  lake: ['lake'],
  river: ['river'],
  sea: ['sea'],
  mountain: ['mountain'],
  station: ['train'],
  countryside: ['field', 'house'],
};
const TRANSPORT_MOTIF: Record<Transport, string> = {
  train: 'train',
  boat: 'boat',
  airplane: 'airplane',
  bus: 'bus',
  car: 'car',
  bicycle: 'bicycle',
};
const PEOPLE_MOTIF: Record<Exclude<People, 0>, string> = { 1: 'person', 2: 'couple', 3: 'crowd' };
/** Families left off a meal's table: the landscape, buildings, vehicles, animals (醋鱼 is a dish, not a fish). */
const OFF_THE_TABLE = new Set(['landscape', 'buildings', 'vehicles', 'animals', 'plants', 'people']);

export const fitToPlan = (reading: PromptReading, plan: ScenePlan): PromptReading => {
  const subjects = [...reading.subjects];
  const has = (id: string) => subjects.some((s) => s.motif.id === id);
  const add = (id: string, count = 0) => {
    const motif = motifById.get(id);
    if (motif && !has(id)) subjects.push({ motif, count });
  };
  const drop = (ids: string[]) => {
    for (let i = subjects.length - 1; i >= 0; i--)
      if (ids.includes(subjects[i]!.motif.id)) subjects.splice(i, 1);
  };
  const time = plan.time ?? (reading.time !== 'day' ? reading.time : 'day');
  const season = plan.season ?? reading.season;
  let weather = plan.weather !== 'clear' ? plan.weather : reading.weather;
  if (season === 'spring' || season === 'summer') {
    drop(['snow', 'snowfield', 'snowman']);
    if (weather === 'snow') weather = 'clear';
  }
  if (weather !== 'clear') add(weather);

  if (plan.meal) {
    // Dishes on a table: the things of the meal, nothing of the landscape around it.
    for (let i = subjects.length - 1; i >= 0; i--)
      if (OFF_THE_TABLE.has(subjects[i]!.motif.family)) subjects.splice(i, 1);
    if (!subjects.some((s) => s.motif.family === 'food')) add('rice');
    add('table');
    return { ...reading, subjects, time, season, weather };
  }

  if (plan.transport) add(TRANSPORT_MOTIF[plan.transport]);
  for (const id of plan.place ? PLACE_MOTIFS[plan.place] : []) {
    if (
      plan.place === 'indoor' ||
      !subjects.some((s) => s.motif.slot === 'terrain' || s.motif.slot === 'far')
    )
      add(id);
  }
  if (plan.people && !subjects.some((s) => s.motif.family === 'people')) add(PEOPLE_MOTIF[plan.people]);
  if (has('train')) drop([...WATER, ...ON_WATER]);
  else if (
    subjects.some((s) => ON_WATER.includes(s.motif.id)) &&
    !subjects.some((s) => WATER.includes(s.motif.id))
  )
    add(plan.place === 'sea' ? 'sea' : plan.place === 'river' ? 'river' : 'lake');
  if (time === 'night') {
    drop(['sun', 'rainbow']);
    if (!subjects.some((s) => LIGHTS.includes(s.motif.id) && s.motif.id !== 'moon')) add('lamp');
  }
  return { ...reading, subjects, time, season, weather };
};
