import { circle, ellipse, line, path, poly, rect } from '../shapes.js';
import type { Colour, Motif, Pen } from '../types.js';

/** Animals as simple silhouettes facing right: four-legged ones, birds, fish and small creatures. */

interface Beast {
  /** Body length and height. */
  body: [number, number];
  leg: number;
  neck?: number;
  head: number;
  ears?: 'point' | 'round' | 'long' | 'horn' | 'antler' | 'none';
  tail?: 'long' | 'bushy' | 'short' | 'tuft' | 'none';
  colour: Colour;
  /** Belly, patches, mane. */
  second?: Colour;
  snout?: number;
  patches?: 'panda' | 'stripes' | 'spots' | 'mane' | 'trunk';
}

const beast = (b: Beast) => (pen: Pen) => {
  const [bw, bh] = b.body;
  const top = -b.leg - bh;
  const cy = -b.leg - bh / 2;
  const out: string[] = [];
  const legColour = b.patches === 'panda' ? '#1d1d1d' : b.colour;
  // Far legs a little darker, then body, near legs.
  for (const x of [-bw * 0.32, bw * 0.28])
    out.push(rect(pen, x, cy, bw * 0.11, b.leg + bh / 2, legColour, bw * 0.04));
  const tailX = -bw / 2;
  if (b.tail === 'long')
    out.push(
      line(
        pen,
        `M${tailX},${cy - bh * 0.2} q${-bw * 0.25},${-bh * 0.1} ${-bw * 0.3},${-bh * 0.7}`,
        b.colour,
        bh * 0.12,
      ),
    );
  if (b.tail === 'bushy')
    out.push(ellipse(pen, tailX - bw * 0.18, cy - bh * 0.2, bw * 0.22, bh * 0.22, b.second ?? b.colour));
  if (b.tail === 'short') out.push(circle(pen, tailX, cy - bh * 0.2, bh * 0.16, b.second ?? b.colour));
  if (b.tail === 'tuft')
    out.push(
      line(
        pen,
        `M${tailX},${cy - bh * 0.2} q${-bw * 0.1},${bh * 0.3} ${-bw * 0.08},${bh * 0.7}`,
        b.second ?? b.colour,
        bh * 0.12,
      ),
    );
  out.push(ellipse(pen, 0, cy, bw / 2, bh / 2, b.colour));
  if (b.patches === 'panda')
    out.push(ellipse(pen, -bw * 0.05, cy - bh * 0.05, bw * 0.2, bh * 0.5, '#1d1d1d'));
  if (b.patches === 'stripes')
    for (let i = -2; i <= 2; i++)
      out.push(line(pen, `M${i * bw * 0.14},${top + 2} l${bw * 0.03},${bh * 0.45}`, '#2a1a10', bw * 0.035));
  if (b.patches === 'spots')
    for (let i = 0; i < 6; i++)
      out.push(
        circle(
          pen,
          (pen.rnd() - 0.5) * bw * 0.7,
          cy + (pen.rnd() - 0.5) * bh * 0.5,
          bh * 0.1,
          b.second ?? '#3b2a1a',
        ),
      );
  for (const x of [-bw * 0.22, bw * 0.36])
    out.push(rect(pen, x, cy, bw * 0.11, b.leg + bh / 2, legColour, bw * 0.04));
  // Neck and head ahead of the body.
  const neck = b.neck ?? 0;
  const hx = bw / 2 + b.head * 0.4;
  const hy = top - neck + b.head * 0.2;
  if (neck)
    out.push(
      poly(
        pen,
        [bw * 0.3, cy, bw * 0.48, cy - bh * 0.3, hx + b.head * 0.2, hy, hx - b.head * 0.6, hy],
        b.colour,
      ),
    );
  if (b.patches === 'mane') out.push(circle(pen, hx - b.head * 0.2, hy, b.head * 1.5, b.second ?? '#a8621f'));
  if (b.ears === 'point' || b.ears === 'horn')
    out.push(
      poly(
        pen,
        [
          hx - b.head * 0.7,
          hy - b.head * 0.4,
          hx - b.head * 0.45,
          hy - b.head * 1.5,
          hx - b.head * 0.05,
          hy - b.head * 0.7,
        ],
        b.ears === 'horn' ? '#e9dfc9' : b.colour,
      ),
    );
  if (b.ears === 'round')
    out.push(
      circle(
        pen,
        hx - b.head * 0.5,
        hy - b.head * 0.8,
        b.head * 0.42,
        b.patches === 'panda' ? '#1d1d1d' : b.colour,
      ),
    );
  if (b.ears === 'long')
    out.push(ellipse(pen, hx - b.head * 0.35, hy - b.head * 1.6, b.head * 0.28, b.head * 1.1, b.colour));
  if (b.ears === 'antler')
    out.push(
      line(
        pen,
        `M${hx - b.head * 0.3},${hy - b.head * 0.6} l${-b.head * 0.3},${-b.head * 1.4} m${b.head * 0.15},${b.head * 0.7} l${b.head * 0.6},${-b.head * 0.6} m${-b.head * 0.75},${-b.head * 0.5} l${-b.head * 0.5},${-b.head * 0.3}`,
        '#7a5230',
        b.head * 0.18,
      ),
    );
  out.push(circle(pen, hx, hy, b.head, b.colour));
  if (b.snout)
    out.push(
      ellipse(pen, hx + b.head * 0.9, hy + b.head * 0.25, b.snout, b.snout * 0.7, b.second ?? b.colour),
    );
  if (b.patches === 'trunk')
    out.push(
      line(
        pen,
        `M${hx + b.head * 0.6},${hy + b.head * 0.2} q${b.head * 0.6},${b.head * 0.8} ${b.head * 0.2},${b.head * 1.9}`,
        b.colour,
        b.head * 0.4,
      ),
    );
  if (b.patches === 'panda')
    out.push(ellipse(pen, hx + b.head * 0.35, hy - b.head * 0.1, b.head * 0.25, b.head * 0.3, '#1d1d1d'));
  out.push(circle(pen, hx + b.head * 0.45, hy - b.head * 0.15, b.head * 0.1, '#111111'));
  return out.join('');
};

interface Wing {
  colour: Colour;
  second?: Colour;
  /** Long legs and neck (crane, heron), a swimming bird (duck, swan), an upright one (owl, penguin). */
  kind: 'perch' | 'wader' | 'swim' | 'upright' | 'fly' | 'fan';
  beak?: Colour;
}

const bird = (w: Wing) => (pen: Pen) => {
  const beak = w.beak ?? '#e8a33a';
  if (w.kind === 'fly')
    return path(pen, 'M-50,-60 Q-25,-85 0,-58 Q25,-85 50,-60 Q25,-70 0,-50 Q-25,-70 -50,-60Z', w.colour);
  if (w.kind === 'upright')
    return [
      ellipse(pen, 0, -42, 26, 40, w.colour),
      ellipse(pen, 0, -36, 17, 30, w.second ?? '#f4f1e8'),
      circle(pen, 0, -82, 18, w.colour),
      poly(pen, [-4, -80, 4, -80, 0, -72], beak),
      circle(pen, -7, -86, 4, '#111111'),
      circle(pen, 7, -86, 4, '#111111'),
    ].join('');
  if (w.kind === 'fan')
    return [
      ...Array.from({ length: 9 }, (_, i) =>
        ellipse(pen, -30 + i * 1, -55, 9, 45, i % 2 ? (w.second ?? '#2e8b57') : w.colour).replace(
          '/>',
          ` transform="rotate(${-60 + i * 15} -30 -20)"/>`,
        ),
      ),
      ellipse(pen, 5, -30, 16, 20, w.colour),
      line(pen, 'M12,-40 q6,-20 4,-38', w.colour, 6),
      circle(pen, 16, -80, 6, w.colour),
    ].join('');
  const legs = w.kind === 'wader' ? 45 : w.kind === 'swim' ? 0 : 10;
  const cy = -legs - 18;
  const neck = w.kind === 'wader' ? 30 : w.kind === 'swim' && w.colour === '#fafafa' ? 28 : 6;
  return [
    w.kind === 'swim' ? '' : line(pen, `M-4,${cy + 10} L-6,0 M6,${cy + 10} L8,0`, '#444444', 3),
    ellipse(pen, 0, cy, 30, 18, w.colour),
    path(pen, `M-28,${cy - 4} Q-50,${cy - 10} -48,${cy + 6} Z`, w.second ?? w.colour),
    ellipse(pen, -4, cy - 2, 18, 9, w.second ?? w.colour),
    line(pen, `M20,${cy - 8} Q30,${cy - 8 - neck / 2} 26,${cy - 8 - neck}`, w.colour, 8),
    circle(pen, 27, cy - 12 - neck, 9, w.colour),
    poly(pen, [34, cy - 14 - neck, w.kind === 'wader' ? 52 : 44, cy - 11 - neck, 34, cy - 8 - neck], beak),
    circle(pen, 29, cy - 14 - neck, 2, '#111111'),
  ].join('');
};

const fish =
  (colour: Colour, second: Colour, long = 1, fin = 1) =>
  (pen: Pen) =>
    [
      poly(pen, [-38 * long, -50, -50 * long, -70 * fin, -50 * long, -30 / fin], second),
      ellipse(pen, 0, -50, 40 * long, 20, colour),
      poly(pen, [-5, -68, 10, -82 * fin, 15, -66], second),
      circle(pen, 26 * long, -54, 3.5, '#111111'),
    ].join('');

const m = (
  id: string,
  words: string[],
  draw: (pen: Pen) => string,
  size = 0.22,
  slot: Motif['slot'] = 'near',
  repeat?: number,
): Motif => ({ id, family: 'animals', slot, words, size, draw, repeat });

export const animalMotifs: Motif[] = [
  m(
    'cat',
    ['猫', '小猫', '猫咪', '橘猫', '黑猫', '白猫', '花猫', 'cat', 'kitten', 'kitty'],
    beast({
      body: [56, 30],
      leg: 18,
      head: 15,
      ears: 'point',
      tail: 'long',
      colour: '#e0913c',
      second: '#f6d9b0',
    }),
    0.2,
  ),
  m(
    'dog',
    ['狗', '小狗', '狗狗', '柴犬', '金毛', '犬', 'dog', 'puppy'],
    beast({
      body: [60, 30],
      leg: 24,
      head: 15,
      ears: 'round',
      tail: 'short',
      colour: '#c98b4a',
      snout: 7,
      second: '#f1d2a8',
    }),
    0.24,
  ),
  m(
    'panda',
    ['熊猫', '大熊猫', 'panda'],
    beast({
      body: [70, 44],
      leg: 18,
      head: 20,
      ears: 'round',
      tail: 'none',
      colour: '#f5f5f0',
      patches: 'panda',
    }),
    0.3,
  ),
  m(
    'horse',
    ['马', '骏马', '白马', '马儿', 'horse', 'pony'],
    beast({
      body: [66, 30],
      leg: 40,
      neck: 16,
      head: 12,
      ears: 'point',
      tail: 'tuft',
      colour: '#8a5a34',
      snout: 8,
      second: '#3a2414',
    }),
    0.34,
  ),
  m(
    'cow',
    ['牛', '奶牛', '黄牛', '水牛', 'cow', 'cattle', 'ox', 'buffalo'],
    beast({
      body: [70, 34],
      leg: 26,
      head: 14,
      ears: 'horn',
      tail: 'tuft',
      colour: '#f2efe8',
      patches: 'spots',
      snout: 8,
      second: '#2b2b2b',
    }),
    0.3,
  ),
  m(
    'sheep',
    ['羊', '绵羊', '羊群', '小羊', '山羊', 'sheep', 'lamb', 'goat'],
    beast({
      body: [56, 34],
      leg: 18,
      head: 12,
      ears: 'round',
      tail: 'short',
      colour: '#f4f0e6',
      second: '#eeeae0',
    }),
    0.2,
  ),
  m(
    'pig',
    ['猪', '小猪', 'pig', 'piglet'],
    beast({
      body: [60, 34],
      leg: 14,
      head: 15,
      ears: 'point',
      tail: 'short',
      colour: '#f3b3b8',
      snout: 7,
      second: '#e79aa2',
    }),
    0.2,
  ),
  m(
    'rabbit',
    ['兔', '兔子', '小兔', '白兔', '玉兔', 'rabbit', 'bunny', 'hare'],
    beast({
      body: [40, 30],
      leg: 8,
      head: 13,
      ears: 'long',
      tail: 'short',
      colour: '#f6f3ee',
      second: '#ffffff',
    }),
    0.16,
  ),
  m(
    'deer',
    ['鹿', '小鹿', '麋鹿', 'deer', 'fawn', 'reindeer'],
    beast({
      body: [56, 26],
      leg: 36,
      neck: 14,
      head: 11,
      ears: 'antler',
      tail: 'short',
      colour: '#b77a45',
      patches: 'spots',
      second: '#f3e3c8',
    }),
    0.32,
  ),
  m(
    'fox',
    ['狐狸', '狐', 'fox'],
    beast({
      body: [54, 24],
      leg: 18,
      head: 13,
      ears: 'point',
      tail: 'bushy',
      colour: '#e06a25',
      snout: 6,
      second: '#fbe8d6',
    }),
    0.2,
  ),
  m(
    'wolf',
    ['狼', '野狼', 'wolf'],
    beast({
      body: [62, 28],
      leg: 28,
      head: 14,
      ears: 'point',
      tail: 'bushy',
      colour: '#7d8288',
      snout: 8,
      second: '#c8ccd0',
    }),
    0.26,
  ),
  m(
    'tiger',
    ['老虎', '虎', 'tiger'],
    beast({
      body: [74, 32],
      leg: 24,
      head: 17,
      ears: 'round',
      tail: 'long',
      colour: '#e8892c',
      patches: 'stripes',
      snout: 6,
      second: '#fff1dc',
    }),
    0.3,
  ),
  m(
    'lion',
    ['狮子', '狮', 'lion'],
    beast({
      body: [72, 32],
      leg: 26,
      head: 15,
      ears: 'round',
      tail: 'tuft',
      colour: '#d9a552',
      patches: 'mane',
      snout: 6,
      second: '#9b5a1e',
    }),
    0.3,
  ),
  m(
    'elephant',
    ['大象', '象', 'elephant'],
    beast({
      body: [80, 48],
      leg: 26,
      head: 22,
      ears: 'round',
      tail: 'short',
      colour: '#9aa0a8',
      patches: 'trunk',
    }),
    0.42,
  ),
  m(
    'bear',
    ['熊', '棕熊', '狗熊', 'bear'],
    beast({
      body: [72, 42],
      leg: 20,
      head: 17,
      ears: 'round',
      tail: 'short',
      colour: '#6b4426',
      snout: 7,
      second: '#9b6b42',
    }),
    0.3,
  ),
  m(
    'polar-bear',
    ['北极熊', 'polar bear'],
    beast({
      body: [72, 42],
      leg: 20,
      head: 17,
      ears: 'round',
      tail: 'short',
      colour: '#f4f6f8',
      snout: 7,
      second: '#e3e8ee',
    }),
    0.3,
  ),
  m(
    'giraffe',
    ['长颈鹿', 'giraffe'],
    beast({
      body: [56, 28],
      leg: 40,
      neck: 40,
      head: 9,
      ears: 'horn',
      tail: 'tuft',
      colour: '#e6b34e',
      patches: 'spots',
      second: '#8a5324',
    }),
    0.5,
  ),
  m(
    'monkey',
    ['猴子', '猴', '猕猴', 'monkey', 'ape'],
    beast({
      body: [36, 34],
      leg: 20,
      head: 15,
      ears: 'round',
      tail: 'long',
      colour: '#8b5e3c',
      snout: 8,
      second: '#e8c9a4',
    }),
    0.2,
  ),
  m(
    'squirrel',
    ['松鼠', 'squirrel'],
    beast({
      body: [34, 24],
      leg: 8,
      head: 11,
      ears: 'point',
      tail: 'bushy',
      colour: '#b5652e',
      second: '#c8783a',
    }),
    0.12,
  ),
  m(
    'mouse',
    ['老鼠', '鼠', '仓鼠', 'mouse', 'hamster', 'rat'],
    beast({ body: [30, 18], leg: 5, head: 9, ears: 'round', tail: 'long', colour: '#a9a39b', snout: 4 }),
    0.1,
  ),
  m(
    'camel',
    ['骆驼', 'camel'],
    beast({
      body: [64, 30],
      leg: 42,
      neck: 22,
      head: 10,
      ears: 'none',
      tail: 'tuft',
      colour: '#d3a466',
      patches: 'mane',
      second: '#d3a466',
    }),
    0.42,
  ),
  m(
    'frog',
    ['青蛙', '蛙', 'frog', 'toad'],
    (pen) =>
      [
        ellipse(pen, 0, -22, 30, 20, '#5aa845'),
        circle(pen, -14, -42, 9, '#5aa845'),
        circle(pen, 14, -42, 9, '#5aa845'),
        circle(pen, -14, -43, 4, '#111111'),
        circle(pen, 14, -43, 4, '#111111'),
        ellipse(pen, -26, -4, 14, 5, '#4a9038'),
        ellipse(pen, 26, -4, 14, 5, '#4a9038'),
      ].join(''),
    0.1,
  ),
  m(
    'snake',
    ['蛇', 'snake', 'serpent'],
    (pen) =>
      [
        line(pen, 'M-48,-10 C-30,-40 -10,20 10,-12 S40,-40 36,-52', '#5f8f3a', 10),
        circle(pen, 37, -56, 7, '#5f8f3a'),
      ].join(''),
    0.14,
  ),
  m(
    'turtle',
    ['乌龟', '龟', '海龟', 'turtle', 'tortoise'],
    (pen) =>
      [
        ellipse(pen, 34, -18, 10, 8, '#8aa360'),
        rect(pen, -26, -14, 10, 14, '#8aa360', 4),
        rect(pen, 16, -14, 10, 14, '#8aa360', 4),
        path(pen, 'M-36,-10 Q-30,-52 0,-52 Q30,-52 36,-10Z', '#5b7a3a'),
        line(pen, 'M-20,-12 L-10,-42 M0,-12 L0,-50 M20,-12 L10,-42', '#3f5a26', 3),
      ].join(''),
    0.14,
  ),
  m(
    'crab',
    ['螃蟹', '蟹', 'crab'],
    (pen) =>
      [
        line(
          pen,
          'M-30,-10 l-14,10 M-26,-16 l-18,2 M30,-10 l14,10 M26,-16 l18,2 M-18,-30 l-10,-22 M18,-30 l10,-22',
          '#c83b2a',
          5,
        ),
        ellipse(pen, 0, -22, 32, 18, '#e04a33'),
        circle(pen, -30, -56, 9, '#e04a33'),
        circle(pen, 30, -56, 9, '#e04a33'),
      ].join(''),
    0.1,
  ),
  m(
    'bird',
    ['鸟', '小鸟', '鸟儿', '飞鸟', '麻雀', '燕子', 'bird', 'sparrow', 'swallow'],
    bird({ kind: 'fly', colour: 'dark' }),
    0.08,
    'sky',
    5,
  ),
  m(
    'songbird',
    ['喜鹊', '黄鹂', '知更鸟', 'magpie', 'robin', 'songbird'],
    bird({ kind: 'perch', colour: '#2f3b4c', second: '#f2f2f2' }),
    0.1,
  ),
  m(
    'crane',
    ['鹤', '仙鹤', '白鹤', '丹顶鹤', '白鹭', '鹭', 'crane', 'heron', 'egret'],
    bird({ kind: 'wader', colour: '#f7f7f4', second: '#1d1d1d', beak: '#d9b36a' }),
    0.3,
  ),
  m('swan', ['天鹅', 'swan'], bird({ kind: 'swim', colour: '#fafafa', second: '#eeeeee' }), 0.18, 'middle'),
  m(
    'duck',
    ['鸭', '鸭子', '小鸭', '鸳鸯', 'duck', 'duckling', 'goose', '鹅'],
    bird({ kind: 'swim', colour: '#f3c93c', second: '#e4b12a' }),
    0.12,
    'middle',
  ),
  m(
    'eagle',
    ['鹰', '老鹰', '雄鹰', '鹰隼', 'eagle', 'hawk', 'falcon'],
    bird({ kind: 'fly', colour: '#4a3424' }),
    0.16,
    'sky',
  ),
  m(
    'owl',
    ['猫头鹰', 'owl'],
    bird({ kind: 'upright', colour: '#8a6440', second: '#e8d6b8', beak: '#e0a030' }),
    0.16,
  ),
  m(
    'parrot',
    ['鹦鹉', 'parrot'],
    bird({ kind: 'perch', colour: '#2faa4a', second: '#e43c2c', beak: '#f2d24a' }),
    0.12,
  ),
  m(
    'rooster',
    ['鸡', '公鸡', '母鸡', '小鸡', 'chicken', 'rooster', 'hen', 'chick'],
    bird({ kind: 'perch', colour: '#f4efe6', second: '#c8402f', beak: '#e8a33a' }),
    0.14,
  ),
  m('penguin', ['企鹅', 'penguin'], bird({ kind: 'upright', colour: '#1f2430', second: '#f7f7f7' }), 0.18),
  m('peacock', ['孔雀', 'peacock'], bird({ kind: 'fan', colour: '#1f6fa8', second: '#2fa36b' }), 0.3),
  m('fish', ['鱼', '小鱼', '鱼儿', '鱼群', 'fish'], fish('#4f8fc0', '#3a6f99'), 0.1, 'near', 3),
  m('goldfish', ['金鱼', 'goldfish'], fish('#f08a24', '#f6b04c', 0.8, 1.3), 0.1, 'near', 2),
  m('koi', ['锦鲤', '鲤鱼', 'koi', 'carp'], fish('#f4f1ea', '#e0502c'), 0.12, 'near', 2),
  m('whale', ['鲸', '鲸鱼', '蓝鲸', 'whale'], fish('#3b5f86', '#2e4a6a', 1.25, 0.8), 0.34, 'middle'),
  m('dolphin', ['海豚', 'dolphin'], fish('#7fa6c6', '#5d88ab', 1.1, 0.9), 0.18, 'middle'),
  m(
    'jellyfish',
    ['水母', 'jellyfish'],
    (pen) =>
      [
        path(pen, 'M-30,-60 Q0,-100 30,-60 Z', '#e7a1d8', 0.85),
        line(pen, 'M-20,-60 q-6,20 0,40 M0,-60 q6,20 0,50 M20,-60 q-6,20 0,40', '#d47fc4', 3),
      ].join(''),
    0.14,
  ),
  m(
    'butterfly',
    ['蝴蝶', '蝶', 'butterfly'],
    (pen) =>
      [
        ellipse(pen, -18, -60, 18, 22, '#f2a33a'),
        ellipse(pen, 18, -60, 18, 22, '#f2a33a'),
        ellipse(pen, -14, -34, 12, 14, '#e06a3a'),
        ellipse(pen, 14, -34, 12, 14, '#e06a3a'),
        rect(pen, -3, -72, 6, 48, '#2b2b2b', 3),
        line(pen, 'M0,-72 l-8,-14 M0,-72 l8,-14', '#2b2b2b', 2),
      ].join(''),
    0.07,
    'near',
    2,
  ),
  m(
    'bee',
    ['蜜蜂', '蜂', 'bee'],
    (pen) =>
      [
        ellipse(pen, -6, -62, 12, 16, '#e8f2ff', 0.8),
        ellipse(pen, 8, -62, 12, 16, '#e8f2ff', 0.8),
        ellipse(pen, 0, -40, 24, 15, '#f4c21c'),
        rect(pen, -8, -54, 6, 28, '#222222'),
        rect(pen, 6, -54, 6, 28, '#222222'),
      ].join(''),
    0.05,
    'near',
    2,
  ),
  m(
    'dragonfly',
    ['蜻蜓', 'dragonfly'],
    (pen) =>
      [
        ellipse(pen, -20, -58, 22, 6, '#cfe8f5', 0.8),
        ellipse(pen, 20, -58, 22, 6, '#cfe8f5', 0.8),
        rect(pen, -3, -70, 6, 50, '#2a7a8a', 3),
      ].join(''),
    0.06,
  ),
  m(
    'dragon',
    ['龙', '巨龙', '神龙', 'dragon'],
    (pen) =>
      [
        line(pen, 'M-50,-30 C-30,-80 -10,-10 10,-50 S40,-90 44,-70', '#2e8b57', 14),
        line(pen, 'M-50,-30 C-30,-80 -10,-10 10,-50 S40,-90 44,-70', '#f2c94c', 3),
        circle(pen, 46, -72, 11, '#2e8b57'),
        line(pen, 'M50,-80 l12,-10 M52,-74 l14,-2', '#f2c94c', 3),
      ].join(''),
    0.4,
    'sky',
  ),
];
