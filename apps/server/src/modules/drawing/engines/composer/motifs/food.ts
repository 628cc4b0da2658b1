import { circle, ellipse, line, path, poly, rect } from '../shapes.js';
import type { Motif, Pen } from '../types.js';

/** Food and drink, drawn to sit on a table. */

const fruit =
  (colour: `#${string}`, r = 28, leaf = true) =>
  (pen: Pen) =>
    [
      circle(pen, 0, -r, r, colour),
      circle(pen, -r * 0.35, -r * 1.3, r * 0.18, '#ffffff', 0.5),
      leaf ? path(pen, `M0,${-r * 2} q10,-10 18,-4 q-8,8 -18,4Z`, '#4f9a3a') : '',
      line(pen, `M0,${-r * 2 + 2} l2,-8`, '#5a3a20', 2),
    ].join('');

/** A bowl with what is in it above its rim. */
const bowl =
  (contents: (pen: Pen) => string, colour: `#${string}` = '#f4f1ea') =>
  (pen: Pen) =>
    [
      contents(pen),
      path(pen, 'M-46,-40 Q-40,0 0,0 Q40,0 46,-40Z', colour),
      rect(pen, -46, -42, 92, 4, '#2f5fa8'),
    ].join('');

const m = (id: string, words: string[], draw: (pen: Pen) => string, size = 0.12, repeat?: number): Motif => ({
  id,
  family: 'food',
  slot: 'near',
  words,
  size,
  draw,
  repeat,
});

export const foodMotifs: Motif[] = [
  m('apple', ['苹果', 'apple', 'apples'], fruit('#d8342a'), 0.1, 2),
  m(
    'orange',
    ['橙子', '橘子', '桔子', '柑', '橙', 'orange', 'oranges', 'tangerine', 'mandarin'],
    fruit('#f39c1c'),
    0.1,
    2,
  ),
  m(
    'peach',
    ['桃子', '桃', '寿桃', 'peach', 'peaches'],
    (pen) =>
      [
        path(pen, 'M0,0 Q-34,-4 -30,-36 Q-24,-62 0,-60 Q4,-72 10,-64 Q30,-58 30,-34 Q32,-4 0,0Z', '#f6a3a0'),
        path(pen, 'M2,-62 q14,-14 22,-4 q-10,8 -22,4Z', '#4f9a3a'),
      ].join(''),
    0.1,
    2,
  ),
  m(
    'pear',
    ['梨', '梨子', 'pear'],
    (pen) =>
      [
        path(
          pen,
          'M0,0 Q-30,0 -26,-30 Q-22,-44 -10,-52 Q-8,-70 0,-70 Q8,-70 10,-52 Q22,-44 26,-30 Q30,0 0,0Z',
          '#d9d04a',
        ),
        line(pen, 'M0,-70 l2,-10', '#5a3a20', 2),
      ].join(''),
    0.1,
    2,
  ),
  m('lemon', ['柠檬', 'lemon', 'lime'], (pen) => ellipse(pen, 0, -22, 30, 22, '#f4dc3a'), 0.08, 2),
  m(
    'banana',
    ['香蕉', 'banana', 'bananas'],
    (pen) =>
      [
        path(pen, 'M-44,-40 Q-30,0 20,-6 Q44,-10 48,-34 Q30,-18 0,-20 Q-30,-22 -40,-44Z', '#f4d03f'),
        line(pen, 'M-44,-40 l-4,-6', '#5a3a20', 3),
      ].join(''),
    0.1,
  ),
  m(
    'watermelon',
    ['西瓜', 'watermelon'],
    (pen) =>
      [
        path(pen, 'M-48,-48 L48,-48 Q48,0 0,0 Q-48,0 -48,-48Z', '#2f8f3a'),
        path(pen, 'M-42,-48 L42,-48 Q42,-6 0,-6 Q-42,-6 -42,-48Z', '#e8424a'),
        ...[-20, -6, 8, 22].map((x) => ellipse(pen, x, -30 + Math.abs(x) * 0.3, 2, 3.5, '#1d1d1d')),
      ].join(''),
    0.12,
  ),
  m(
    'strawberry',
    ['草莓', 'strawberry', 'strawberries'],
    (pen) =>
      [
        path(pen, 'M0,0 Q-30,-30 -24,-50 Q0,-60 24,-50 Q30,-30 0,0Z', '#e0303a'),
        poly(pen, [-20, -50, -6, -60, 0, -52, 6, -60, 20, -50, 0, -46], '#4f9a3a'),
      ].join(''),
    0.08,
    3,
  ),
  m(
    'cherry',
    ['樱桃', '车厘子', 'cherry', 'cherries'],
    (pen) =>
      [
        line(pen, 'M-14,-26 Q-6,-70 10,-80 M14,-26 Q10,-60 10,-80', '#4f7a2a', 2),
        circle(pen, -14, -18, 16, '#b8182a'),
        circle(pen, 14, -18, 16, '#c8202f'),
      ].join(''),
    0.08,
    2,
  ),
  m(
    'grapes',
    ['葡萄', 'grape', 'grapes'],
    (pen) =>
      [
        [0, -70],
        [-12, -56],
        [12, -56],
        [-18, -40],
        [0, -42],
        [18, -40],
        [-8, -26],
        [8, -26],
        [0, -12],
      ]
        .map(([x, y]) => circle(pen, x!, y!, 10, '#6a3a8a'))
        .join('') + path(pen, 'M0,-80 q12,-12 24,-4 q-12,8 -24,4Z', '#4f9a3a'),
    0.12,
  ),
  m(
    'cake',
    ['蛋糕', '生日蛋糕', '甜点', 'cake', 'birthday cake', 'dessert'],
    (pen) =>
      [
        rect(pen, -40, -40, 80, 40, '#f6e0c0', 4),
        rect(pen, -40, -48, 80, 12, '#f4a6c0', 5),
        rect(pen, -3, -70, 6, 22, '#f4efe4'),
        path(pen, 'M0,-80 Q5,-72 0,-68 Q-5,-72 0,-80Z', '#f6a23a'),
        circle(pen, -20, -52, 5, '#e0303a'),
        circle(pen, 20, -52, 5, '#e0303a'),
      ].join(''),
    0.16,
  ),
  m(
    'bread',
    ['面包', '吐司', '可颂', 'bread', 'toast', 'croissant', 'loaf'],
    (pen) =>
      [
        path(pen, 'M-44,0 L-44,-30 Q-44,-56 0,-56 Q44,-56 44,-30 L44,0Z', '#d89a4a'),
        line(pen, 'M-20,-46 l8,-8 M0,-48 l8,-8 M20,-46 l8,-8', '#f1cf94', 3),
      ].join(''),
    0.12,
  ),
  m(
    'noodles',
    ['面条', '拉面', '面', '牛肉面', '米线', 'noodles', 'ramen', 'noodle'],
    bowl((pen) =>
      [
        line(pen, 'M-34,-40 q6,-16 12,0 t12,0 t12,0 t12,0 t12,0', '#f4dc9a', 4),
        line(pen, 'M10,-40 L40,-90 M18,-40 L46,-88', 'wood', 2),
      ].join(''),
    ),
    0.16,
  ),
  m(
    'rice',
    ['米饭', '饭', '白米饭', '盖饭', 'rice', 'rice bowl'],
    bowl((pen) => path(pen, 'M-40,-40 Q0,-76 40,-40Z', '#fbfaf4')),
    0.14,
  ),
  m(
    'dumplings',
    ['饺子', '水饺', '包子', '小笼包', '馒头', '汤圆', 'dumpling', 'dumplings', 'bun', 'baozi', 'jiaozi'],
    (pen) =>
      [
        ellipse(pen, 0, -6, 50, 8, '#f4f1ea'),
        ...[-26, 0, 26].map((x) =>
          [
            path(pen, `M${x - 18},-10 Q${x},-46 ${x + 18},-10Z`, '#f7f1e0'),
            line(pen, `M${x - 6},-30 q6,-6 12,0`, '#d9ccb0', 1.5),
          ].join(''),
        ),
      ].join(''),
    0.14,
  ),
  m(
    'sushi',
    ['寿司', 'sushi'],
    (pen) =>
      [-24, 24]
        .map((x) =>
          [rect(pen, x - 20, -24, 40, 24, '#fbfaf4', 8), rect(pen, x - 22, -34, 44, 12, '#f0804a', 5)].join(
            '',
          ),
        )
        .join(''),
    0.12,
  ),
  m(
    'pizza',
    ['披萨', '比萨', 'pizza'],
    (pen) =>
      [
        poly(pen, [-44, -60, 44, -60, 0, 0], '#f2c25a'),
        rect(pen, -46, -66, 92, 8, '#c8843a', 4),
        circle(pen, -14, -46, 6, '#c8302a'),
        circle(pen, 12, -40, 6, '#c8302a'),
        circle(pen, 0, -22, 5, '#c8302a'),
      ].join(''),
    0.12,
  ),
  m(
    'burger',
    ['汉堡', '汉堡包', 'burger', 'hamburger'],
    (pen) =>
      [
        path(pen, 'M-40,-46 Q0,-90 40,-46Z', '#d8963a'),
        rect(pen, -42, -46, 84, 8, '#5aa845', 4),
        rect(pen, -40, -38, 80, 12, '#6b3a1e', 5),
        rect(pen, -40, -26, 80, 6, '#f4c21c'),
        path(pen, 'M-40,-20 L40,-20 Q40,0 0,0 Q-40,0 -40,-20Z', '#d8963a'),
      ].join(''),
    0.12,
  ),
  m(
    'ice-cream',
    ['冰淇淋', '雪糕', '甜筒', 'ice cream', 'gelato'],
    (pen) =>
      [
        poly(pen, [-20, -50, 20, -50, 0, 0], '#d8a058'),
        circle(pen, 0, -60, 20, '#f6c2d4'),
        circle(pen, -8, -78, 14, '#fbf3e0'),
      ].join(''),
    0.12,
  ),
  m(
    'coffee',
    ['咖啡', '拿铁', '卡布奇诺', 'coffee', 'latte', 'espresso', 'cappuccino'],
    (pen) =>
      [
        ellipse(pen, 0, -4, 46, 6, '#f4f1ea'),
        path(pen, 'M-30,-50 L30,-50 Q30,-6 0,-6 Q-30,-6 -30,-50Z', '#f4f1ea'),
        ellipse(pen, 0, -50, 30, 6, '#6b3a1e'),
        line(pen, 'M28,-42 q16,2 10,18 q-4,6 -12,4', '#f4f1ea', 4),
        line(pen, 'M-8,-60 q-6,-10 0,-20 M8,-60 q-6,-10 0,-20', 'light', 2),
      ].join(''),
    0.12,
  ),
  m(
    'tea',
    ['茶', '绿茶', '茶水', '奶茶', '下午茶', 'tea', 'milk tea', 'bubble tea'],
    (pen) =>
      [
        path(pen, 'M-30,-40 L30,-40 Q28,0 0,0 Q-28,0 -30,-40Z', '#f4f1ea'),
        ellipse(pen, 0, -40, 30, 6, '#a8b85a'),
        line(pen, 'M-6,-50 q-6,-10 0,-20 M6,-50 q-6,-10 0,-20', 'light', 2),
      ].join(''),
    0.1,
  ),
  m(
    'mooncake',
    ['月饼', 'mooncake', 'moon cake'],
    (pen) =>
      [
        ellipse(pen, 0, -20, 40, 20, '#c8843a'),
        ellipse(pen, 0, -28, 34, 12, '#d89a4a'),
        circle(pen, 0, -28, 8, '#b87030'),
      ].join(''),
    0.1,
    2,
  ),
  m(
    'zongzi',
    ['粽子', 'zongzi', 'rice dumpling'],
    (pen) =>
      [poly(pen, [-30, 0, 0, -60, 30, 0], '#5a9a3a'), line(pen, 'M-16,-28 L16,-28', '#e8d8a8', 3)].join(''),
    0.1,
    2,
  ),
  m(
    'tanghulu',
    ['糖葫芦', 'tanghulu', 'candied haws'],
    (pen) =>
      [
        line(pen, 'M0,0 L0,-100', 'wood', 2),
        ...[-20, -38, -56, -74].map((y) => circle(pen, 0, y, 10, '#d8202f')),
      ].join(''),
    0.2,
  ),
  m(
    'egg',
    ['鸡蛋', '蛋', '煎蛋', 'egg', 'eggs', 'fried egg'],
    (pen) => [ellipse(pen, 0, -8, 44, 10, '#fbfaf4'), circle(pen, 0, -12, 12, '#f4b81c')].join(''),
    0.08,
  ),
  m(
    'donut',
    ['甜甜圈', '甜圈', 'donut', 'doughnut'],
    (pen) =>
      [
        ellipse(pen, 0, -24, 40, 24, '#d89a4a'),
        ellipse(pen, 0, -28, 34, 18, '#f4a6c0'),
        ellipse(pen, 0, -28, 10, 6, 'light'),
      ].join(''),
    0.1,
  ),
  m(
    'cookie',
    ['饼干', '曲奇', 'cookie', 'cookies', 'biscuit'],
    (pen) =>
      [
        ellipse(pen, 0, -14, 34, 14, '#d8a058'),
        circle(pen, -10, -16, 3, '#5a3a20'),
        circle(pen, 8, -12, 3, '#5a3a20'),
      ].join(''),
    0.08,
    3,
  ),
  m(
    'hotpot',
    ['火锅', '麻辣烫', 'hotpot', 'hot pot'],
    (pen) =>
      [
        path(pen, 'M-48,-40 Q-44,0 0,0 Q44,0 48,-40Z', '#8a8f96'),
        ellipse(pen, 0, -40, 48, 10, '#c8302a'),
        line(pen, 'M-10,-52 q-6,-10 0,-20 M10,-52 q-6,-10 0,-20', 'light', 2),
      ].join(''),
    0.16,
  ),
  m(
    'chocolate',
    ['巧克力', 'chocolate'],
    (pen) =>
      [
        rect(pen, -40, -30, 80, 30, '#5a321e', 3),
        line(pen, 'M-20,-30 L-20,0 M0,-30 L0,0 M20,-30 L20,0 M-40,-15 L40,-15', '#3e2010', 1.5),
      ].join(''),
    0.1,
  ),
  m(
    'juice',
    ['果汁', '饮料', '可乐', '汽水', 'juice', 'soda', 'cola', 'drink'],
    (pen) =>
      [
        path(pen, 'M-20,-70 L20,-70 L16,0 L-16,0Z', '#f39c1c', 0.85),
        line(pen, 'M6,-70 L18,-96', '#e8424a', 3),
      ].join(''),
    0.12,
  ),
];
