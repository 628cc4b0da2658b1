import { circle, ellipse, line, path, poly, rect } from '../shapes.js';
import type { Colour, Motif, Pen } from '../types.js';

/** People as silhouettes: no faces, a pose and a few props. */

interface Figure {
  height?: number;
  dress?: boolean;
  cloth?: Colour;
  hat?: 'bamboo' | 'helmet' | 'none';
  hair?: 'long' | 'bun' | 'short';
  /** What the hands hold or do. */
  pose?: 'stand' | 'wave' | 'rod' | 'umbrella' | 'dance' | 'run' | 'cane' | 'sit';
}

export const figure = (f: Figure) => (pen: Pen) => {
  const k = (f.height ?? 100) / 100;
  const cloth = f.cloth ?? 'cloth';
  const out: string[] = [];
  const headY = -88 * k;
  const shoulder = -72 * k;
  const hip = -40 * k;
  if (f.pose === 'umbrella')
    out.push(
      line(pen, `M10,${shoulder} L10,${-104 * k}`, 'dark', 2),
      path(pen, `M-26,${-98 * k} Q10,${-130 * k} 46,${-98 * k}Z`, 'accent'),
    );
  if (f.pose === 'sit') {
    out.push(
      rect(pen, -10, shoulder, 20, 36 * k, cloth, 6),
      path(pen, `M-10,${hip} L22,${hip} L24,0 L16,0 L14,${hip + 8} L-10,${hip + 8}Z`, 'cloth2'),
    );
  } else if (f.dress) {
    out.push(
      poly(pen, [-8, shoulder, 8, shoulder, 22, -6, -22, -6], cloth),
      line(pen, 'M-5,-6 L-5,0 M5,-6 L5,0', 'dark', 3),
    );
  } else {
    const stride = f.pose === 'run' ? 14 : 5;
    out.push(
      rect(pen, -10, shoulder, 20, 36 * k, cloth, 6),
      line(pen, `M-4,${hip} L${-stride},0 M4,${hip} L${stride},0`, 'cloth2', 7 * k),
    );
  }
  const arm = (ax: number, ay: number) =>
    line(pen, `M${ax < 0 ? -8 : 8},${shoulder + 4} L${ax},${ay}`, cloth, 6 * k);
  if (f.pose === 'wave') out.push(arm(-16, hip + 6), arm(22, -98 * k));
  else if (f.pose === 'dance')
    out.push(arm(-30, -96 * k), arm(30, -80 * k), line(pen, `M-30,${-96 * k} q30,-20 60,16`, 'accent', 2));
  else if (f.pose === 'run') out.push(arm(-22, -60 * k), arm(22, -78 * k));
  else if (f.pose === 'rod')
    out.push(
      arm(20, -60 * k),
      line(pen, `M20,${-60 * k} L50,${-110 * k}`, 'dark', 1.6),
      line(pen, `M50,${-110 * k} L52,${-30 * k}`, 'light', 0.8),
    );
  else if (f.pose === 'cane')
    out.push(arm(-16, hip + 6), arm(20, hip), line(pen, `M20,${hip} L24,0`, 'wood', 2.5));
  else if (f.pose === 'umbrella') out.push(arm(-16, hip + 6), arm(10, shoulder - 4));
  else out.push(arm(-16, hip + 6), arm(16, hip + 6));
  if (f.hair === 'long')
    out.push(
      path(
        pen,
        `M-11,${headY} Q-14,${headY + 30} -6,${shoulder + 10} L8,${shoulder + 6} Q12,${headY + 10} 10,${headY}Z`,
        'hair',
      ),
    );
  out.push(circle(pen, 0, headY, 10 * k, 'skin'));
  if (f.hair === 'bun')
    out.push(
      circle(pen, 0, headY - 12 * k, 6 * k, 'hair'),
      path(pen, `M-10,${headY} Q0,${headY - 16 * k} 10,${headY}Z`, 'hair'),
    );
  if (f.hair === 'short' || f.hair === 'long')
    out.push(
      path(
        pen,
        `M-10.5,${headY + 1} Q0,${headY - 18 * k} 10.5,${headY + 1} Q0,${headY - 6 * k} -10.5,${headY + 1}Z`,
        'hair',
      ),
    );
  if (f.hat === 'bamboo') out.push(poly(pen, [-22, headY - 2, 0, headY - 18 * k, 22, headY - 2], '#c9a86a'));
  if (f.hat === 'helmet')
    out.push(circle(pen, 0, headY, 14 * k, '#f1f3f5'), ellipse(pen, 2, headY, 9, 7, 'glass'));
  return out.join('');
};

const m = (id: string, words: string[], draw: (pen: Pen) => string, size = 0.34, repeat?: number): Motif => ({
  id,
  family: 'people',
  slot: 'near',
  words,
  size,
  draw,
  repeat,
});

export const peopleMotifs: Motif[] = [
  m(
    'person',
    [
      '人',
      '行人',
      '路人',
      '背影',
      '人物',
      '旅人',
      '游客',
      'person',
      'people',
      'traveler',
      'figure',
      'someone',
      'silhouette',
    ],
    figure({ hair: 'short' }),
  ),
  m(
    'girl',
    [
      '女孩',
      '少女',
      '姑娘',
      '女生',
      '小女孩',
      '美女',
      '女子',
      '女人',
      '仙女',
      'girl',
      'woman',
      'lady',
      'maiden',
    ],
    figure({ dress: true, hair: 'long', cloth: 'accent' }),
  ),
  m(
    'boy',
    ['男孩', '少年', '男生', '小男孩', '男人', '男子', '青年', 'boy', 'man', 'guy', 'young man'],
    figure({ hair: 'short' }),
  ),
  m(
    'child',
    ['孩子', '小孩', '儿童', '宝宝', '小朋友', '婴儿', 'child', 'kid', 'kids', 'children', 'baby', 'toddler'],
    figure({ height: 62, hair: 'short', pose: 'wave', cloth: 'accent' }),
    0.22,
  ),
  m(
    'elder',
    [
      '老人',
      '老爷爷',
      '老奶奶',
      '爷爷',
      '奶奶',
      '老者',
      '老翁',
      'old man',
      'elder',
      'grandpa',
      'grandma',
      'grandfather',
      'grandmother',
    ],
    figure({ height: 92, hair: 'bun', pose: 'cane', cloth: 'stone' }),
  ),
  m('couple', ['情侣', '恋人', '夫妻', '两个人', 'couple', 'lovers'], (pen) =>
    [
      `<g transform="translate(-16 0)">${figure({ hair: 'short' })(pen)}</g>`,
      `<g transform="translate(16 0) scale(0.92)">${figure({ dress: true, hair: 'long', cloth: 'accent' })(pen)}</g>`,
    ].join(''),
  ),
  m('family', ['一家人', '家人', '家庭', '一家', 'family'], (pen) =>
    [
      `<g transform="translate(-26 0)">${figure({ hair: 'short' })(pen)}</g>`,
      `<g transform="translate(0 0) scale(0.6)">${figure({ hair: 'short', cloth: 'accent', pose: 'wave' })(pen)}</g>`,
      `<g transform="translate(26 0) scale(0.94)">${figure({ dress: true, hair: 'long', cloth: 'cloth2' })(pen)}</g>`,
    ].join(''),
  ),
  m('crowd', ['人群', '人们', '群众', '人山人海', 'crowd', 'people crowd'], (pen) =>
    [-36, -18, 0, 18, 36]
      .map(
        (x, i) =>
          `<g transform="translate(${x} 0) scale(${0.7 + (i % 2) * 0.15})">${figure({ hair: 'short', cloth: i % 2 ? 'accent' : 'cloth' })(pen)}</g>`,
      )
      .join(''),
  ),
  m(
    'fisherman',
    ['渔夫', '渔翁', '钓鱼', '垂钓', '钓者', '蓑笠翁', 'fisherman', 'fishing', 'angler'],
    figure({ hat: 'bamboo', pose: 'rod', cloth: 'stone' }),
  ),
  m(
    'astronaut',
    ['宇航员', '航天员', '太空人', 'astronaut', 'spaceman', 'cosmonaut'],
    figure({ hat: 'helmet', cloth: '#f1f3f5' }),
  ),
  m(
    'dancer',
    ['舞者', '跳舞', '舞蹈', '芭蕾', '起舞', 'dancer', 'dancing', 'ballet'],
    figure({ dress: true, hair: 'bun', pose: 'dance', cloth: 'accent' }),
  ),
  m(
    'runner',
    ['跑步', '跑者', '运动员', '慢跑', 'runner', 'athlete', 'jogging', 'jogger'],
    figure({ hair: 'short', pose: 'run', cloth: 'accent' }),
  ),
  m(
    'hanfu',
    ['汉服', '古装', '古风少女', '侠客', '仙子', 'hanfu', 'ancient costume'],
    figure({ dress: true, hair: 'bun', cloth: '#c8402f', pose: 'umbrella' }),
  ),
  m(
    'umbrella-walker',
    ['撑伞', '打伞', '雨中漫步', 'walking in the rain'],
    figure({ hair: 'long', dress: true, pose: 'umbrella' }),
  ),
  m(
    'reader',
    ['读书', '看书', '学生', '阅读', 'student', 'reading', 'reader'],
    figure({ hair: 'short', pose: 'sit' }),
  ),
  m(
    'knight',
    ['骑士', '武士', '战士', '将军', 'knight', 'warrior', 'samurai', 'soldier'],
    figure({ hat: 'helmet', cloth: 'metal' }),
  ),
];
