import { circle, ellipse, line, path, poly, rect } from '../shapes.js';
import type { Motif, Pen } from '../types.js';

/**
 * The land and the sky. `terrain` motifs are drawn over the whole width below the horizon (their box stretched to
 * it); `weather` motifs over the whole frame; the rest are placed like any motif.
 */

/** A ridge line across the box, jagged by `rough`, peaking near `peak` (−50…50). */
const ridge = (pen: Pen, base: number, height: number, rough: number, peak: number) => {
  const pts: number[] = [-50, 0];
  for (let i = 0; i <= 20; i++) {
    const x = -50 + i * 5;
    const d = Math.abs(x - peak) / 60;
    pts.push(x, base - height * Math.max(0.1, 1 - d * d * 1.6) - (pen.rnd() - 0.5) * rough);
  }
  pts.push(50, 0);
  return pts;
};

const m = (
  id: string,
  family: 'landscape' | 'sky',
  slot: Motif['slot'],
  words: string[],
  draw: (pen: Pen) => string,
  size = 0.4,
  repeat?: number,
): Motif => ({ id, family, slot, words, size, draw, repeat });

export const landscapeMotifs: Motif[] = [
  m(
    'mountain',
    'landscape',
    'far',
    [
      '山',
      '高山',
      '群山',
      '山峰',
      '山脉',
      '远山',
      '青山',
      '雪山',
      '峰',
      'mountain',
      'mountains',
      'peak',
      'alps',
    ],
    (pen) => {
      const p = (pen.rnd() - 0.5) * 30;
      return [
        poly(pen, ridge(pen, -10, 80, 14, p), 'far'),
        poly(pen, [p - 12, -76, p, -92, p + 12, -76, p + 4, -80, p - 4, -78], 'peak', 0.8),
      ].join('');
    },
    0.5,
  ),
  m(
    'hill',
    'landscape',
    'far',
    ['丘陵', '山丘', '小山', '山坡', 'hill', 'hills', 'slope'],
    (pen) => path(pen, 'M-50,0 Q-25,-70 0,-50 Q25,-30 50,-60 L50,0Z', 'leaf', 0.85),
    0.3,
  ),
  m(
    'volcano',
    'landscape',
    'far',
    ['火山', 'volcano'],
    (pen) =>
      [
        poly(pen, [-50, 0, -10, -80, 10, -80, 50, 0], 'far'),
        path(pen, 'M-10,-80 Q0,-100 10,-80Z', '#e0502c'),
        ellipse(pen, 0, -92, 14, 8, '#8a8a8a', 0.7),
      ].join(''),
    0.5,
  ),
  m(
    'iceberg',
    'landscape',
    'middle',
    ['冰山', '冰川', 'iceberg', 'glacier'],
    (pen) => poly(pen, [-50, 0, -30, -60, -10, -50, 5, -90, 25, -55, 50, 0], '#e4f2fb'),
    0.35,
  ),
  m(
    'rock',
    'landscape',
    'near',
    ['石头', '岩石', '礁石', '石', 'rock', 'rocks', 'stone', 'boulder'],
    (pen) => path(pen, 'M-50,0 Q-46,-40 -10,-46 Q30,-52 46,-20 L50,0Z', 'stone'),
    0.12,
  ),
  m(
    'cliff',
    'landscape',
    'far',
    ['悬崖', '峭壁', '山崖', 'cliff', 'canyon', '峡谷'],
    (pen) => poly(pen, [-50, 0, -50, -90, -20, -96, -14, -40, 0, 0], 'stone'),
    0.5,
  ),
  m(
    'waterfall',
    'landscape',
    'middle',
    ['瀑布', 'waterfall'],
    (pen) =>
      [
        poly(pen, [-50, 0, -46, -100, -14, -100, -14, 0], 'stone'),
        poly(pen, [14, 0, 14, -100, 46, -100, 50, 0], 'stone'),
        rect(pen, -14, -100, 28, 100, 'water'),
        line(pen, 'M-8,-96 L-8,-4 M0,-96 L0,-4 M8,-96 L8,-4', 'light', 2),
        ellipse(pen, 0, -4, 26, 6, 'light', 0.8),
      ].join(''),
    0.45,
  ),
  m(
    'island',
    'landscape',
    'middle',
    ['岛', '小岛', '海岛', '岛屿', 'island'],
    (pen) =>
      [
        path(pen, 'M-50,0 Q-20,-30 0,-28 Q30,-30 50,0Z', 'ground'),
        line(pen, 'M6,-26 q4,-30 -4,-50', 'trunk', 4),
        path(pen, 'M2,-76 q-24,-4 -30,10 q18,-12 30,-10 q24,-8 30,8 q-14,-16 -30,-8Z', 'leaf'),
      ].join(''),
    0.25,
  ),
  m(
    'sea',
    'landscape',
    'terrain',
    ['海', '大海', '海洋', '海面', '海边', '海浪', '浪', '海水', 'sea', 'ocean', 'wave', 'waves', 'seaside'],
    (pen) => {
      const out = [rect(pen, -50, -100, 100, 100, 'water')];
      for (let i = 1; i < 9; i++)
        out.push(
          line(pen, `M${-50 + pen.rnd() * 60},${-100 + i * 11} q8,-4 16,0 t16,0`, 'light', 0.6 + i * 0.12),
        );
      return out.join('');
    },
  ),
  m(
    'lake',
    'landscape',
    'terrain',
    ['湖', '湖泊', '湖水', '湖面', '池塘', '池', '荷塘', 'lake', 'pond', 'pool'],
    (pen) =>
      [ellipse(pen, 0, -66, 46, 26, 'water'), line(pen, 'M-24,-66 l18,0 M6,-58 l22,0', 'light', 1.2)].join(
        '',
      ),
  ),
  m(
    'river',
    'landscape',
    'terrain',
    [
      '河',
      '河流',
      '江',
      '溪',
      '小溪',
      '流水',
      '溪流',
      '江水',
      '河水',
      '运河',
      'river',
      'stream',
      'creek',
      'canal',
      'brook',
    ],
    (pen) =>
      [
        path(
          pen,
          'M-6,-100 L6,-100 C20,-70 -30,-50 10,-30 C40,-15 30,-5 36,0 L-30,0 C-10,-10 -50,-40 -14,-62 C0,-72 -10,-90 -6,-100Z',
          'water',
        ),
        line(pen, 'M-4,-80 q6,-3 10,0 M-8,-40 q8,-3 14,0 M4,-14 q8,-3 14,0', 'light', 1),
      ].join(''),
  ),
  m(
    'beach',
    'landscape',
    'terrain',
    ['沙滩', '海滩', '沙', '海岸', 'beach', 'sand', 'shore', 'coast'],
    (pen) =>
      [
        rect(pen, -50, -100, 100, 60, 'water'),
        path(pen, 'M-50,-40 Q0,-52 50,-44 L50,0 L-50,0Z', '#ecd9a8'),
        line(pen, 'M-50,-42 Q0,-54 50,-46', 'light', 1.4),
      ].join(''),
  ),
  m('desert', 'landscape', 'terrain', ['沙漠', '戈壁', '沙丘', 'desert', 'dune', 'dunes'], (pen) =>
    [
      rect(pen, -50, -100, 100, 100, '#e2b46c'),
      path(pen, 'M-50,-60 Q-20,-90 10,-60 Q30,-40 50,-70 L50,0 L-50,0Z', '#d49a52'),
      path(pen, 'M-50,-20 Q0,-50 50,-24 L50,0 L-50,0Z', '#c78a44'),
    ].join(''),
  ),
  m(
    'meadow',
    'landscape',
    'terrain',
    ['草地', '草原', '草坪', '原野', '草', 'meadow', 'grass', 'grassland', 'prairie', 'lawn'],
    (pen) => {
      const out = [rect(pen, -50, -100, 100, 100, 'ground')];
      for (let i = 0; i < 40; i++) {
        const x = -50 + pen.rnd() * 100;
        const y = -90 + pen.rnd() * 90;
        out.push(line(pen, `M${x},${y} l-1,-3 M${x},${y} l1,-3.5`, 'leaf', 0.5));
      }
      return out.join('');
    },
  ),
  m(
    'field',
    'landscape',
    'terrain',
    [
      '田野',
      '田',
      '稻田',
      '麦田',
      '农田',
      '梯田',
      '田园',
      '油菜花田',
      'field',
      'farm',
      'farmland',
      'paddy',
      'wheat',
    ],
    (pen) => {
      const out = [rect(pen, -50, -100, 100, 100, 'ground')];
      for (let i = 0; i < 8; i++)
        out.push(
          path(
            pen,
            `M-50,${-96 + i * 12} Q0,${-104 + i * 12} 50,${-96 + i * 12} L50,${-91 + i * 12} Q0,${-99 + i * 12} -50,${-91 + i * 12}Z`,
            i % 2 ? '#e5c65a' : 'leaf',
            0.8,
          ),
        );
      return out.join('');
    },
  ),
  m('snowfield', 'landscape', 'terrain', ['雪地', '雪原', '冰原', 'snowfield', 'tundra'], (pen) =>
    [
      rect(pen, -50, -100, 100, 100, '#f3f7fb'),
      path(pen, 'M-50,-60 Q-10,-80 50,-56 L50,-50 Q-10,-72 -50,-54Z', '#dbe6f1'),
    ].join(''),
  ),
  m(
    'road',
    'landscape',
    'terrain',
    ['路', '道路', '小路', '公路', '街道', '街', '小径', 'road', 'street', 'path', 'lane', 'highway'],
    (pen) =>
      [
        rect(pen, -50, -100, 100, 100, 'ground'),
        poly(pen, [-4, -100, 4, -100, 40, 0, -40, 0], '#7b7f86'),
        line(pen, 'M0,-96 L0,-80 M0,-66 L0,-44 M0,-28 L0,-2', '#f4f1e0', 1.2),
      ].join(''),
  ),
  m(
    'forest',
    'landscape',
    'far',
    ['森林', '树林', '丛林', '林', '雨林', 'forest', 'woods', 'jungle', 'grove'],
    (pen) => {
      const out: string[] = [];
      for (let i = 0; i < 14; i++) {
        const x = -50 + i * 7.5 + pen.rnd() * 3;
        const h = 40 + pen.rnd() * 40;
        out.push(poly(pen, [x - 7, 0, x, -h, x + 7, 0], 'leaf', 0.9));
      }
      return out.join('');
    },
    0.3,
  ),
  // The sky.
  m(
    'sun',
    'sky',
    'sky',
    [
      '太阳',
      '阳光',
      '日出',
      '朝阳',
      '旭日',
      '夕阳',
      '落日',
      '红日',
      '烈日',
      'sun',
      'sunshine',
      'sunrise',
      'sunlight',
    ],
    (pen) => [circle(pen, 0, -50, 48, 'sun', 0.25), circle(pen, 0, -50, 30, 'sun')].join(''),
    0.22,
  ),
  m(
    'moon',
    'sky',
    'sky',
    ['月', '月亮', '明月', '月光', '满月', '圆月', '月色', '弯月', 'moon', 'moonlight'],
    (pen) =>
      [
        circle(pen, 0, -50, 46, 'moon', 0.18),
        circle(pen, 0, -50, 28, 'moon'),
        circle(pen, -8, -56, 5, '#d9d4b0', 0.5),
        circle(pen, 9, -42, 4, '#d9d4b0', 0.5),
      ].join(''),
    0.18,
  ),
  m(
    'cloud',
    'sky',
    'sky',
    ['云', '白云', '云朵', '云彩', '彩云', '云海', '乌云', 'cloud', 'clouds', 'cloudy'],
    (pen) =>
      [
        ellipse(pen, 0, -30, 48, 18, 'cloud'),
        circle(pen, -16, -44, 18, 'cloud'),
        circle(pen, 10, -52, 24, 'cloud'),
      ].join(''),
    0.12,
    3,
  ),
  m(
    'rainbow',
    'sky',
    'sky',
    ['彩虹', 'rainbow'],
    (pen) =>
      ['#e8574a', '#f39c3c', '#f3d34a', '#5cbf5a', '#4a90d9', '#7a5cc4']
        .map((c, i) =>
          line(
            pen,
            `M${-48 + i * 3},0 A${48 - i * 3},${96 - i * 4} 0 0 1 ${48 - i * 3},0`,
            c as `#${string}`,
            3,
          ),
        )
        .join(''),
    0.5,
  ),
  m(
    'lightning',
    'sky',
    'sky',
    ['闪电', '雷电', '雷', '雷雨', 'lightning', 'thunder', 'storm'],
    (pen) => poly(pen, [4, -100, -14, -50, 0, -50, -10, 0, 16, -60, 2, -60, 14, -100], '#fff6a8'),
    0.3,
  ),
  m(
    'meteor',
    'sky',
    'sky',
    ['流星', '彗星', 'meteor', 'comet', 'shooting star'],
    (pen) => [line(pen, 'M-48,-96 L24,-24', 'light', 3), circle(pen, 26, -22, 6, 'light')].join(''),
    0.3,
  ),
  m(
    'planet',
    'sky',
    'sky',
    ['星球', '行星', '土星', '地球', '宇宙', '太空', 'planet', 'saturn', 'earth', 'space', 'universe'],
    (pen) =>
      [
        circle(pen, 0, -50, 30, '#d98e48'),
        ellipse(pen, 0, -50, 48, 10, '#f1d3a0', 0.7),
        circle(pen, -8, -58, 8, '#c27838', 0.6),
      ].join(''),
    0.28,
  ),
  m(
    'stars',
    'sky',
    'weather',
    ['星', '星星', '星空', '繁星', '星辰', '夜空', 'star', 'stars', 'starry'],
    (pen) => {
      const out: string[] = [];
      for (let i = 0; i < 90; i++)
        out.push(
          circle(
            pen,
            -50 + pen.rnd() * 100,
            -100 + pen.rnd() * 55,
            0.12 + pen.rnd() * 0.22,
            '#ffffff',
            0.4 + pen.rnd() * 0.6,
          ),
        );
      return out.join('');
    },
  ),
  m('milky-way', 'sky', 'weather', ['银河', '星河', 'milky way', 'galaxy', 'nebula'], (pen) => {
    const out = [path(pen, 'M-50,-40 Q0,-70 50,-100 L50,-86 Q0,-56 -50,-28Z', '#b7a8ff', 0.25)];
    for (let i = 0; i < 80; i++) {
      const t = pen.rnd();
      out.push(
        circle(
          pen,
          -50 + t * 100,
          -34 - t * 58 + (pen.rnd() - 0.5) * 10,
          0.15 + pen.rnd() * 0.2,
          '#ffffff',
          0.5 + pen.rnd() * 0.5,
        ),
      );
    }
    return out.join('');
  }),
  m('aurora', 'sky', 'weather', ['极光', 'aurora', 'northern lights'], (pen) =>
    [
      path(pen, 'M-50,-60 Q-20,-96 10,-70 T50,-80 L50,-64 Q30,-56 10,-56 T-50,-48Z', '#5cf2b0', 0.45),
      path(pen, 'M-50,-72 Q-10,-100 20,-82 T50,-90 L50,-82 Q20,-70 -50,-64Z', '#a97cf2', 0.3),
    ].join(''),
  ),
  m(
    'rain',
    'sky',
    'weather',
    [
      '雨',
      '下雨',
      '雨天',
      '细雨',
      '小雨',
      '大雨',
      '烟雨',
      '雨中',
      '春雨',
      '雨夜',
      'rain',
      'rainy',
      'raining',
      'drizzle',
    ],
    (pen) => {
      const out: string[] = [];
      for (let i = 0; i < 120; i++) {
        const x = -50 + pen.rnd() * 104;
        const y = -100 + pen.rnd() * 100;
        out.push(`M${x.toFixed(1)},${y.toFixed(1)} l-0.8,3.2`);
      }
      return line(pen, out.join(' '), '#dfe8f2', 0.18);
    },
  ),
  m(
    'snow',
    'sky',
    'weather',
    ['雪', '下雪', '雪花', '大雪', '飞雪', '白雪', '雪景', '雪天', 'snow', 'snowy', 'snowing', 'snowflake'],
    (pen) => {
      const out: string[] = [];
      for (let i = 0; i < 110; i++)
        out.push(
          ellipse(
            pen,
            -50 + pen.rnd() * 100,
            -100 + pen.rnd() * 100,
            0.35 + pen.rnd() * 0.4,
            0.35 + pen.rnd() * 0.4,
            '#ffffff',
            0.9,
          ),
        );
      return out.join('');
    },
  ),
  m(
    'fog',
    'sky',
    'weather',
    ['雾', '大雾', '薄雾', '云雾', '雾气', '晨雾', '烟', 'fog', 'mist', 'misty', 'foggy', 'haze'],
    (pen) =>
      [0, 1, 2, 3]
        .map((i) => ellipse(pen, -20 + pen.rnd() * 40, -58 + i * 12, 70, 4, '#ffffff', 0.35))
        .join(''),
  ),
];
