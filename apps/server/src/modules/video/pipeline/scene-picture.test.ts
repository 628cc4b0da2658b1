import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { composeOffline, planScene } from '../../drawing/index.js';
import { sceneDrawRequest } from './scene-picture.js';

const CANVAS = { width: 1080, height: 1920 };
/** The offline composer's picture of a scene's line, as the video pipeline asks for it: its SVG. */
const pictureOf = (line: string, seed = 11) => composeOffline(sceneDrawRequest(line, CANVAS, seed), 0).scene;
const shows = (svg: string, id: string) => svg.includes(`id="motif-${id}"`);
const WATER = ['lake', 'river', 'sea', 'beach'];

/** The regression set of the scene plan (drawing's composer fixtures). */
const LINES = readFileSync(
  new URL('../../drawing/engines/composer/fixtures/scene-lines.txt', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((row) => row.trim() && !row.startsWith('#'))
  .map((row) => row.split('|')[0]!.trim());

describe('a scene’s offline picture agrees with its line (issue 38.2)', () => {
  it('draws the issue’s lines as they say', () => {
    const train = pictureOf('早上坐高铁去了杭州。');
    expect(shows(train, 'train') && shows(train, 'rails')).toBe(true);
    expect(WATER.some((w) => shows(train, w))).toBe(false);

    const boat = pictureOf('湖面上有几条手摇船慢慢划过。');
    expect(shows(boat, 'boat') && shows(boat, 'lake')).toBe(true);

    const meal = pictureOf('中午在楼外楼吃了西湖醋鱼和龙井虾仁。');
    expect(shows(meal, 'table')).toBe(true);
    expect(['lake', 'fish', 'skyline', 'house'].some((id) => shows(meal, id))).toBe(false);

    const night = pictureOf('晚上苏堤亮起了灯，游人还很多。');
    expect(shows(night, 'sun')).toBe(false);
    expect(shows(night, 'moon') && shows(night, 'lamp')).toBe(true);

    const spring = pictureOf('春天的苏堤春晓最美，桃红柳绿。');
    expect(shows(spring, 'snow')).toBe(false);
  });

  it('never contradicts the plan over the regression set: no sun at night, no snow in spring, trains on rails, boats on water, meals on a table', () => {
    const broken: string[] = [];
    for (const [i, line] of LINES.entries()) {
      const plan = planScene(line);
      const svg = pictureOf(line, i);
      const check = (ok: boolean, rule: string) => ok || broken.push(`${line}: ${rule}`);
      if (plan.time === 'night') check(!shows(svg, 'sun'), 'sun at night');
      if (plan.time === 'night' && !plan.meal)
        check(
          ['lamp', 'lantern', 'candle', 'fireworks'].some((l) => shows(svg, l)),
          'no light at night',
        );
      if (plan.season === 'spring' || plan.season === 'summer')
        check(!shows(svg, 'snow'), 'snow in spring or summer');
      if (shows(svg, 'train'))
        check(shows(svg, 'rails') && !WATER.some((w) => shows(svg, w)), 'train off its rails');
      if (['boat', 'sailboat', 'ship'].some((b) => shows(svg, b)))
        check(
          WATER.some((w) => shows(svg, w)),
          'boat out of water',
        );
      if (plan.meal) check(shows(svg, 'table') && !shows(svg, 'lake'), 'meal not on a table');
    }
    expect(broken).toEqual([]);
  });
});
