import { circle, crown, ellipse, line, path, poly, rect } from '../shapes.js';
import type { Colour, Motif, Pen } from '../types.js';

/** Trees and flowers. */

const roundTree = (leaf: Colour, dots?: Colour) => (pen: Pen) => {
  const out = [rect(pen, -4, -45, 8, 45, 'trunk', 2), crown(pen, 0, -62, 34, leaf)];
  if (dots)
    for (let i = 0; i < 14; i++) out.push(circle(pen, -26 + pen.rnd() * 52, -86 + pen.rnd() * 44, 3.2, dots));
  return out.join('');
};

const flower =
  (petal: Colour, centre: Colour, petals = 6, stem = 60, r = 14) =>
  (pen: Pen) => {
    const out = [
      line(pen, `M0,0 Q4,-${stem / 2} 0,-${stem}`, '#4f8f3a', 3),
      ellipse(pen, 8, -stem * 0.4, 10, 4, '#5aa845'),
    ];
    for (let i = 0; i < petals; i++) {
      const a = (i / petals) * Math.PI * 2;
      out.push(circle(pen, Math.cos(a) * r * 0.8, -stem + Math.sin(a) * r * 0.8, r * 0.6, petal));
    }
    out.push(circle(pen, 0, -stem, r * 0.5, centre));
    return out.join('');
  };

const m = (
  id: string,
  words: string[],
  draw: (pen: Pen) => string,
  size = 0.3,
  slot: Motif['slot'] = 'middle',
  repeat?: number,
): Motif => ({ id, family: 'plants', slot, words, size, draw, repeat });

export const plantMotifs: Motif[] = [
  m(
    'tree',
    ['树', '大树', '树木', '小树', '绿树', '古树', '榕树', 'tree', 'trees', 'oak'],
    roundTree('leaf'),
    0.36,
    'middle',
    3,
  ),
  m(
    'pine',
    ['松', '松树', '青松', '雪松', '杉', '圣诞树', 'pine', 'fir', 'cedar', 'christmas tree', 'evergreen'],
    (pen) =>
      [
        rect(pen, -4, -16, 8, 16, 'trunk'),
        poly(pen, [-30, -16, 0, -56, 30, -16], 'leaf'),
        poly(pen, [-24, -44, 0, -80, 24, -44], 'leaf'),
        poly(pen, [-16, -70, 0, -100, 16, -70], 'leaf'),
      ].join(''),
    0.38,
    'middle',
    3,
  ),
  m(
    'willow',
    ['柳', '柳树', '垂柳', '杨柳', 'willow'],
    (pen) => {
      const out = [path(pen, 'M-4,0 L-2,-70 L4,-70 L4,0Z', 'trunk'), ellipse(pen, 0, -76, 30, 16, 'leaf')];
      for (let i = 0; i < 9; i++)
        out.push(
          line(
            pen,
            `M${-28 + i * 7},-72 q${2 - pen.rnd() * 4},30 ${-2 + pen.rnd() * 4},${40 + pen.rnd() * 20}`,
            'leaf',
            2.4,
          ),
        );
      return out.join('');
    },
    0.4,
  ),
  m(
    'bamboo',
    ['竹', '竹子', '竹林', '翠竹', 'bamboo'],
    (pen) => {
      const out: string[] = [];
      for (const x of [-24, -6, 14, 30]) {
        out.push(rect(pen, x, -100, 5, 100, '#6a9a3a'));
        for (let y = -90; y < 0; y += 18) out.push(rect(pen, x - 1, y, 7, 2, '#4c7a2a'));
        out.push(ellipse(pen, x + 10, -80 + pen.rnd() * 30, 10, 3, '#5d9a3c'));
      }
      return out.join('');
    },
    0.5,
    'middle',
    2,
  ),
  m(
    'palm',
    ['椰子树', '棕榈', '椰树', 'palm', 'palm tree', 'coconut tree'],
    (pen) =>
      [
        line(pen, 'M0,0 Q8,-50 -4,-90', 'trunk', 6),
        ...[-60, -20, 20, 60, 100].map(
          (a) =>
            `<g transform="rotate(${a} -4 -90)">${path(pen, 'M-4,-90 q20,-14 40,4 q-20,-6 -40,-4Z', 'leaf')}</g>`,
        ),
      ].join(''),
    0.45,
  ),
  m(
    'cherry-tree',
    ['樱花', '樱花树', '樱', '桃花', '桃树', 'sakura', 'cherry blossom', 'cherry blossoms', 'peach blossom'],
    roundTree('#f6bcd2', '#fbe3ec'),
    0.38,
    'middle',
    2,
  ),
  m(
    'plum-blossom',
    ['梅花', '梅', '腊梅', 'plum blossom', 'wintersweet'],
    (pen) => {
      const out = [line(pen, 'M-40,0 Q-20,-40 10,-50 Q30,-56 40,-90 M10,-50 Q-10,-70 -30,-76', '#3b2a20', 4)];
      for (let i = 0; i < 12; i++)
        out.push(circle(pen, -30 + pen.rnd() * 70, -90 + pen.rnd() * 50, 4, '#e0405a'));
      return out.join('');
    },
    0.3,
    'near',
  ),
  m(
    'maple',
    ['枫', '枫树', '枫叶', '红叶', '落叶', 'maple', 'autumn leaves', 'fallen leaves'],
    roundTree('#d9542b', '#f2a03a'),
    0.36,
    'middle',
    2,
  ),
  m('ginkgo', ['银杏', 'ginkgo'], roundTree('#f1c232', '#f6d86a'), 0.36, 'middle', 2),
  m(
    'flower',
    [
      '花',
      '花朵',
      '鲜花',
      '花丛',
      '花海',
      '花园',
      '野花',
      '小花',
      'flower',
      'flowers',
      'blossom',
      'garden',
      'bloom',
    ],
    flower('blossom', '#f6d34a'),
    0.12,
    'near',
    5,
  ),
  m(
    'rose',
    ['玫瑰', '玫瑰花', '月季', 'rose', 'roses'],
    flower('#d6263f', '#9c1530', 8, 60, 12),
    0.12,
    'near',
    3,
  ),
  m(
    'lotus',
    ['荷花', '莲花', '莲', '荷', '荷叶', 'lotus', 'water lily'],
    (pen) =>
      [
        ellipse(pen, -20, -4, 24, 6, '#4f9a4a'),
        line(pen, 'M4,0 L4,-30', '#4f8f3a', 3),
        ...[-50, -25, 0, 25, 50].map(
          (a) => `<g transform="rotate(${a} 4 -30)">${ellipse(pen, 4, -48, 8, 18, '#f4a6c0')}</g>`,
        ),
      ].join(''),
    0.14,
    'near',
    3,
  ),
  m(
    'sunflower',
    ['向日葵', '葵花', 'sunflower', 'sunflowers'],
    flower('#f6c21c', '#6b3e17', 12, 80, 18),
    0.22,
    'near',
    3,
  ),
  m(
    'tulip',
    ['郁金香', 'tulip', 'tulips'],
    (pen) =>
      [
        line(pen, 'M0,0 L0,-50', '#4f8f3a', 3),
        path(pen, 'M-12,-64 L-12,-48 Q0,-40 12,-48 L12,-64 L6,-56 L0,-66 L-6,-56Z', '#e84a6a'),
      ].join(''),
    0.12,
    'near',
    4,
  ),
  m(
    'chrysanthemum',
    ['菊花', '菊', 'chrysanthemum', 'daisy', '雏菊'],
    flower('#f4d03f', '#d68910', 14, 55, 13),
    0.12,
    'near',
    3,
  ),
  m('peony', ['牡丹', '芍药', 'peony'], flower('#e75f8c', '#f6c2d4', 10, 50, 17), 0.14, 'near', 2),
  m(
    'orchid',
    ['兰花', '兰', 'orchid'],
    (pen) =>
      [
        line(pen, 'M0,0 Q-30,-40 -40,-70 M0,0 Q20,-50 40,-60 M0,0 Q0,-40 6,-80', '#3f7a3a', 2.5),
        ellipse(pen, 8, -84, 8, 5, '#c78ad8'),
        ellipse(pen, 2, -90, 5, 8, '#c78ad8'),
      ].join(''),
    0.16,
    'near',
  ),
  m(
    'lavender',
    ['薰衣草', 'lavender'],
    (pen) =>
      [0, 1, 2, 3, 4]
        .map((i) =>
          [
            line(pen, `M${-20 + i * 10},0 L${-20 + i * 10},-60`, '#4f8f3a', 2),
            ellipse(pen, -20 + i * 10, -70, 3.5, 12, '#9b7ad8'),
          ].join(''),
        )
        .join(''),
    0.14,
    'near',
    4,
  ),
  m(
    'reed',
    ['芦苇', '蒲苇', 'reed', 'reeds', 'rushes'],
    (pen) =>
      [0, 1, 2, 3]
        .map((i) =>
          [
            line(pen, `M${-18 + i * 12},0 Q${-14 + i * 12},-50 ${-20 + i * 14},-90`, '#a58a4a', 2),
            ellipse(pen, -20 + i * 14, -92, 3, 10, '#c9a86a'),
          ].join(''),
        )
        .join(''),
    0.22,
    'near',
    2,
  ),
  m(
    'cactus',
    ['仙人掌', 'cactus'],
    (pen) =>
      [
        rect(pen, -9, -90, 18, 90, '#4f9a4a', 9),
        path(pen, 'M-9,-40 L-24,-40 L-24,-70 L-18,-70 L-18,-48 L-9,-48Z', '#4f9a4a'),
        path(pen, 'M9,-54 L24,-54 L24,-80 L18,-80 L18,-62 L9,-62Z', '#4f9a4a'),
      ].join(''),
    0.24,
    'near',
  ),
  m(
    'mushroom',
    ['蘑菇', '菌', 'mushroom', 'mushrooms'],
    (pen) =>
      [
        rect(pen, -8, -40, 16, 40, '#f4ecd8', 5),
        path(pen, 'M-34,-36 Q0,-90 34,-36Z', '#d8402f'),
        circle(pen, -12, -54, 5, '#ffffff'),
        circle(pen, 10, -60, 4, '#ffffff'),
      ].join(''),
    0.1,
    'near',
    2,
  ),
  m(
    'bonsai',
    ['盆栽', '盆景', '绿植', '植物', 'bonsai', 'potted plant', 'plant'],
    (pen) =>
      [
        path(pen, 'M-20,0 L-24,-24 L24,-24 L20,0Z', '#b5653a'),
        line(pen, 'M0,-24 Q-10,-50 6,-64', 'trunk', 5),
        crown(pen, 4, -74, 22, 'leaf'),
      ].join(''),
    0.16,
    'near',
  ),
  m(
    'dandelion',
    ['蒲公英', 'dandelion'],
    (pen) => [line(pen, 'M0,0 Q4,-40 0,-70', '#6a9a4a', 2), circle(pen, 0, -78, 14, '#f6f6f0', 0.8)].join(''),
    0.12,
    'near',
    3,
  ),
];
