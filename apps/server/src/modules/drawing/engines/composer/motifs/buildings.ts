import { circle, line, path, poly, rect } from '../shapes.js';
import type { Motif, Pen } from '../types.js';

/** Buildings, bridges and skylines. */

/** A curved Chinese roof from x0 to x1 at height y. */
const eaves = (pen: Pen, x0: number, x1: number, y: number, h: number) =>
  path(
    pen,
    `M${x0 - 8},${y} Q${(x0 + x1) / 2},${y - h * 0.4} ${x1 + 8},${y} L${x1 - 4},${y - h} L${x0 + 4},${y - h}Z`,
    'roof',
  );

const windows = (pen: Pen, x: number, y: number, w: number, h: number, lit: number) => {
  const out: string[] = [];
  for (let wy = y + 4; wy < y + h - 6; wy += 9)
    for (let wx = x + 3; wx < x + w - 4; wx += 7)
      if (pen.rnd() < lit) out.push(rect(pen, wx, wy, 3.5, 5, 'glass'));
  return out.join('');
};

const m = (
  id: string,
  words: string[],
  draw: (pen: Pen) => string,
  size = 0.3,
  slot: Motif['slot'] = 'middle',
  repeat?: number,
): Motif => ({ id, family: 'buildings', slot, words, size, draw, repeat });

export const buildingMotifs: Motif[] = [
  m(
    'house',
    [
      '房子',
      '房屋',
      '小屋',
      '屋',
      '家',
      '村庄',
      '村',
      '农舍',
      '木屋',
      '民居',
      'house',
      'home',
      'cottage',
      'cabin',
      'village',
      'hut',
    ],
    (pen) =>
      [
        rect(pen, -34, -56, 68, 56, 'wall'),
        poly(pen, [-44, -54, 0, -96, 44, -54], 'roof'),
        rect(pen, -8, -30, 16, 30, 'wood'),
        rect(pen, -28, -44, 12, 12, 'glass'),
        rect(pen, 16, -44, 12, 12, 'glass'),
      ].join(''),
    0.22,
    'middle',
    2,
  ),
  m(
    'watertown',
    [
      '水乡',
      '江南',
      '古镇',
      '白墙黛瓦',
      '白墙',
      '黛瓦',
      '徽派',
      '小镇',
      'water town',
      'watertown',
      'old town',
      'ancient town',
    ],
    (pen) =>
      [
        rect(pen, -50, -50, 40, 50, '#f4f1ea'),
        path(pen, 'M-54,-50 L-30,-66 L-6,-50Z', '#3a3c40'),
        rect(pen, -10, -64, 36, 64, '#efece4'),
        path(pen, 'M-14,-64 L8,-80 L30,-64Z', '#3a3c40'),
        rect(pen, 26, -44, 24, 44, '#f4f1ea'),
        path(pen, 'M22,-44 L38,-56 L54,-44Z', '#3a3c40'),
        rect(pen, -40, -34, 8, 10, '#5a4a3a'),
        rect(pen, 4, -46, 8, 10, '#5a4a3a'),
        rect(pen, 32, -28, 8, 12, '#5a4a3a'),
      ].join(''),
    0.26,
    'middle',
  ),
  m(
    'pagoda',
    ['塔', '宝塔', '古塔', '佛塔', '雷峰塔', 'pagoda'],
    (pen) => {
      const out: string[] = [];
      for (let i = 0; i < 5; i++) {
        const w = 34 - i * 5;
        const y = -i * 18;
        out.push(rect(pen, -w / 2 + 4, y - 16, w - 8, 16, 'wall'), eaves(pen, -w / 2, w / 2, y - 14, 6));
      }
      out.push(line(pen, 'M0,-98 L0,-88', 'dark', 2));
      return out.join('');
    },
    0.42,
    'middle',
  ),
  m(
    'temple',
    ['寺', '寺庙', '庙', '古寺', '宫殿', '故宫', '皇宫', '殿', 'temple', 'palace', 'shrine'],
    (pen) =>
      [
        rect(pen, -46, -10, 92, 10, 'stone'),
        rect(pen, -36, -44, 72, 34, '#b23a2c'),
        eaves(pen, -44, 44, -42, 16),
        eaves(pen, -30, 30, -62, 12),
        ...[-26, -10, 6, 22].map((x) => rect(pen, x, -34, 6, 24, '#e3b04b')),
      ].join(''),
    0.3,
  ),
  m(
    'pavilion',
    ['亭', '亭子', '凉亭', '长亭', 'pavilion', 'gazebo'],
    (pen) =>
      [
        rect(pen, -34, -6, 68, 6, 'stone'),
        rect(pen, -26, -50, 5, 44, '#b23a2c'),
        rect(pen, 21, -50, 5, 44, '#b23a2c'),
        eaves(pen, -36, 36, -48, 20),
        line(pen, 'M0,-72 L0,-80', 'dark', 2),
      ].join(''),
    0.26,
  ),
  m(
    'bridge',
    ['桥', '小桥', '石桥', '拱桥', '大桥', '廊桥', '断桥', '桥梁', 'bridge', 'arch bridge'],
    (pen) =>
      [
        path(pen, 'M-50,0 L-50,-20 Q0,-64 50,-20 L50,0 L34,0 Q0,-40 -34,0Z', 'stone'),
        line(pen, 'M-50,-22 Q0,-66 50,-22', 'dark', 1.6),
        ...[-30, -15, 0, 15, 30].map((x) => line(pen, `M${x},${-38 + Math.abs(x) * 0.5} l0,-8`, 'dark', 1.4)),
      ].join(''),
    0.2,
  ),
  m(
    'tower',
    ['塔楼', '钟楼', '电视塔', '铁塔', '东方明珠', 'tower', 'clock tower', 'eiffel'],
    (pen) =>
      [
        poly(pen, [-24, 0, -4, -96, 4, -96, 24, 0, 14, 0, 0, -40, -14, 0], 'metal'),
        rect(pen, -10, -50, 20, 4, 'metal'),
        circle(pen, 0, -70, 7, 'metal'),
      ].join(''),
    0.5,
    'far',
  ),
  m(
    'lighthouse',
    ['灯塔', 'lighthouse'],
    (pen) =>
      [
        poly(pen, [-14, 0, -9, -70, 9, -70, 14, 0], '#f4f1ea'),
        rect(pen, -12, -40, 24, 10, '#d8402f'),
        rect(pen, -10, -16, 20, 8, '#d8402f'),
        rect(pen, -8, -82, 16, 12, 'glass'),
        poly(pen, [-11, -82, 0, -94, 11, -82], '#d8402f'),
        poly(pen, [8, -78, 50, -96, 50, -64], 'sun', 0.35),
      ].join(''),
    0.4,
  ),
  m(
    'castle',
    ['城堡', '古堡', 'castle', 'fortress'],
    (pen) =>
      [
        rect(pen, -30, -50, 60, 50, 'stone'),
        rect(pen, -44, -70, 18, 70, 'stone'),
        rect(pen, 26, -70, 18, 70, 'stone'),
        poly(pen, [-46, -70, -35, -92, -24, -70], 'roof'),
        poly(pen, [24, -70, 35, -92, 46, -70], 'roof'),
        path(pen, 'M-8,0 L-8,-20 Q0,-30 8,-20 L8,0Z', 'dark'),
      ].join(''),
    0.4,
    'far',
  ),
  m(
    'skyline',
    [
      '城市',
      '都市',
      '城',
      '高楼',
      '摩天楼',
      '大厦',
      '楼',
      '天际线',
      '夜景',
      '市中心',
      'city',
      'skyline',
      'skyscraper',
      'skyscrapers',
      'downtown',
      'building',
      'buildings',
      'metropolis',
    ],
    (pen) => {
      const out: string[] = [];
      let x = -50;
      while (x < 50) {
        const w = 8 + pen.rnd() * 12;
        const h = 30 + pen.rnd() * 66;
        out.push(rect(pen, x, -h, w, h, pen.rnd() > 0.5 ? 'far' : 'metal'), windows(pen, x, -h, w, h, 0.4));
        x += w + 1;
      }
      return out.join('');
    },
    0.45,
    'far',
  ),
  m(
    'windmill',
    ['风车', 'windmill'],
    (pen) =>
      [
        poly(pen, [-14, 0, -8, -64, 8, -64, 14, 0], 'wall'),
        ...[0, 90, 180, 270].map(
          (a) => `<g transform="rotate(${a + 20} 0 -64)">${rect(pen, -3, -100, 6, 36, 'wood')}</g>`,
        ),
        circle(pen, 0, -64, 4, 'dark'),
      ].join(''),
    0.4,
  ),
  m(
    'church',
    ['教堂', 'church', 'chapel', 'cathedral'],
    (pen) =>
      [
        rect(pen, -30, -44, 44, 44, 'wall'),
        poly(pen, [-34, -44, -8, -66, 18, -44], 'roof'),
        rect(pen, 14, -70, 18, 70, 'wall'),
        poly(pen, [12, -70, 23, -96, 34, -70], 'roof'),
        line(pen, 'M23,-96 l0,-4 m-3,2 l6,0', 'dark', 1.5),
      ].join(''),
    0.35,
  ),
  m(
    'great-wall',
    ['长城', 'great wall', 'city wall', '城墙'],
    (pen) =>
      [
        path(pen, 'M-50,-30 Q-20,-60 0,-40 T50,-60 L50,-48 Q20,-28 0,-28 T-50,-18Z', 'stone'),
        rect(pen, -6, -56, 12, 18, 'stone'),
        rect(pen, 34, -74, 12, 18, 'stone'),
      ].join(''),
    0.35,
    'far',
  ),
  m(
    'gate',
    ['牌坊', '牌楼', '城门', '门楼', '鸟居', 'gate', 'archway', 'torii'],
    (pen) =>
      [
        rect(pen, -36, -70, 8, 70, '#b23a2c'),
        rect(pen, 28, -70, 8, 70, '#b23a2c'),
        rect(pen, -46, -80, 92, 8, '#b23a2c'),
        path(pen, 'M-52,-84 Q0,-92 52,-84 L48,-92 L-48,-92Z', 'roof'),
        rect(pen, -40, -62, 80, 5, '#b23a2c'),
      ].join(''),
    0.34,
  ),
  m(
    'tent',
    ['帐篷', '露营', '营地', 'tent', 'camping', 'campsite'],
    (pen) =>
      [poly(pen, [-40, 0, 0, -56, 40, 0], '#e07a3a'), poly(pen, [-8, 0, 0, -40, 8, 0], 'dark')].join(''),
    0.2,
    'near',
  ),
  m(
    'fence',
    ['篱笆', '栅栏', '围栏', 'fence'],
    (pen) =>
      [
        rect(pen, -50, -30, 100, 4, 'wood'),
        rect(pen, -50, -16, 100, 4, 'wood'),
        ...[-46, -30, -14, 2, 18, 34].map((x) =>
          poly(pen, [x, 0, x, -38, x + 4, -44, x + 8, -38, x + 8, 0], 'wood'),
        ),
      ].join(''),
    0.12,
    'near',
  ),
  m(
    'shop',
    [
      '商店',
      '小店',
      '咖啡馆',
      '咖啡店',
      '书店',
      '面包店',
      '店',
      '餐厅',
      'shop',
      'store',
      'cafe',
      'bakery',
      'restaurant',
    ],
    (pen) =>
      [
        rect(pen, -36, -60, 72, 60, 'wall'),
        path(pen, 'M-40,-50 L40,-50 L36,-40 L-36,-40Z', '#d8402f'),
        rect(pen, -28, -34, 30, 22, 'glass'),
        rect(pen, 10, -34, 16, 34, 'wood'),
        rect(pen, -30, -60, 60, 8, 'dark'),
      ].join(''),
    0.26,
  ),
  m(
    'well',
    ['水井', '井', 'well'],
    (pen) =>
      [
        rect(pen, -20, -24, 40, 24, 'stone'),
        rect(pen, -18, -60, 4, 36, 'wood'),
        rect(pen, 14, -60, 4, 36, 'wood'),
        poly(pen, [-26, -58, 0, -76, 26, -58], 'roof'),
      ].join(''),
    0.16,
    'near',
  ),
];
