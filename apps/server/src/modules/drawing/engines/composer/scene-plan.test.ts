import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planScene, planWords, type ScenePlan } from './scene-plan.js';

/** The regression set: article lines with the elements a picture of each must show, written down beforehand. */
const LINES = readFileSync(new URL('./fixtures/scene-lines.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((row) => row.trim() && !row.startsWith('#'))
  .map((row) => {
    const [line, time, season, weather, place, transport, meal, people] = row.split('|').map((c) => c.trim());
    const or = (v: string | undefined) => (v === '-' ? null : v);
    return {
      line: line!,
      expected: {
        time: or(time),
        season: or(season),
        weather,
        place: or(place),
        transport: or(transport),
        meal: meal === '1',
        people: Number(people),
      } as ScenePlan,
    };
  });
const ELEMENTS = ['time', 'season', 'weather', 'place', 'transport', 'meal', 'people'] as const;

describe('the scene plan of an article line (issue 38.2)', () => {
  it('reads at least 90 % of the regression set’s elements right, and each element on at least 80 % of lines', () => {
    expect(LINES.length).toBeGreaterThanOrEqual(300);
    const wrong: string[] = [];
    const right = Object.fromEntries(ELEMENTS.map((e) => [e, 0])) as Record<
      (typeof ELEMENTS)[number],
      number
    >;
    for (const { line, expected } of LINES) {
      const plan = planScene(line);
      for (const element of ELEMENTS) {
        if (plan[element] === expected[element]) right[element] += 1;
        else wrong.push(`${line} ${element}: ${String(plan[element])} ≠ ${String(expected[element])}`);
      }
    }
    const total = LINES.length * ELEMENTS.length;
    const score = (total - wrong.length) / total;
    expect(score, wrong.join('\n')).toBeGreaterThanOrEqual(0.9);
    for (const element of ELEMENTS)
      expect(right[element] / LINES.length, `${element}\n${wrong.join('\n')}`).toBeGreaterThanOrEqual(0.8);
  });

  it('reads the issue’s lines exactly', () => {
    expect(planScene('坐高铁去了杭州')).toMatchObject({ transport: 'train' });
    expect(planScene('湖上有几条手摇船')).toMatchObject({ transport: 'boat', place: 'lake' });
    expect(planScene('中午在湖边吃了西湖醋鱼和龙井虾仁')).toMatchObject({ time: 'day', meal: true });
    expect(planScene('晚上苏堤亮起了灯')).toMatchObject({ time: 'night', place: 'lake' });
    expect(planScene('春天的苏堤春晓')).toMatchObject({ season: 'spring', weather: 'clear' });
  });

  it('keeps the plan when it travels as words in a picture prompt', () => {
    const lost = LINES.filter(({ line }) => {
      const plan = planScene(line);
      return JSON.stringify(planScene(planWords(plan).join(' '))) !== JSON.stringify(plan);
    });
    expect(lost.map((l) => l.line)).toEqual([]);
  });
});
