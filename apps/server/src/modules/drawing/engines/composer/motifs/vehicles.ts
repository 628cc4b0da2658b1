import { circle, ellipse, line, path, poly, rect } from '../shapes.js';
import type { Motif, Pen } from '../types.js';

/** Boats, cars and things that fly. */

const wheels = (pen: Pen, xs: number[], r: number) =>
  xs
    .map((x) => [circle(pen, x, -r, r, '#2b2b2b'), circle(pen, x, -r, r * 0.45, '#bbbbbb')].join(''))
    .join('');

const m = (
  id: string,
  words: string[],
  draw: (pen: Pen) => string,
  size = 0.2,
  slot: Motif['slot'] = 'middle',
  repeat?: number,
): Motif => ({ id, family: 'vehicles', slot, words, size, draw, repeat });

export const vehicleMotifs: Motif[] = [
  m(
    'boat',
    [
      '船',
      '小船',
      '乌篷船',
      '渔船',
      '木船',
      '小舟',
      '舟',
      '扁舟',
      '游船',
      '画舫',
      '竹筏',
      'boat',
      'rowboat',
      'canoe',
      'sampan',
      'raft',
    ],
    (pen) =>
      [
        path(pen, 'M-50,-20 Q0,-8 50,-26 L40,-6 Q0,4 -40,-6Z', 'wood'),
        path(pen, 'M-22,-18 Q-4,-46 18,-20Z', '#2e2e2e'),
        line(pen, 'M30,-22 L52,-60', 'wood', 2),
      ].join(''),
    0.12,
  ),
  m(
    'sailboat',
    ['帆船', '帆', '白帆', 'sailboat', 'sail', 'yacht'],
    (pen) =>
      [
        path(pen, 'M-40,-16 L40,-16 L30,0 L-30,0Z', 'wood'),
        line(pen, 'M0,-16 L0,-96', 'dark', 2),
        poly(pen, [2, -94, 2, -22, 36, -22], '#f7f5ee'),
        poly(pen, [-2, -84, -2, -22, -28, -22], '#f0e6d0'),
      ].join(''),
    0.24,
  ),
  m(
    'ship',
    ['轮船', '大船', '游轮', '邮轮', '货轮', '帆船队', 'ship', 'steamship', 'cruise ship', 'ferry'],
    (pen) =>
      [
        path(pen, 'M-50,-30 L50,-30 L40,0 L-44,0Z', '#2f3b4c'),
        rect(pen, -30, -50, 56, 20, '#f4f1ea'),
        rect(pen, -18, -64, 30, 14, '#f4f1ea'),
        rect(pen, 16, -74, 8, 24, '#d8402f'),
      ].join(''),
    0.2,
  ),
  m(
    'car',
    ['车', '汽车', '小汽车', '轿车', '跑车', '出租车', 'car', 'taxi', 'automobile', 'sports car'],
    (pen) =>
      [
        path(pen, 'M-48,-14 L-48,-34 L-26,-36 L-14,-56 L20,-56 L34,-36 L48,-32 L48,-14Z', 'accent'),
        poly(pen, [-10, -38, -4, -50, 8, -50, 8, -38], 'glass'),
        poly(pen, [12, -38, 12, -50, 18, -50, 26, -38], 'glass'),
        wheels(pen, [-28, 28], 12),
      ].join(''),
    0.14,
    'near',
  ),
  m(
    'bicycle',
    ['自行车', '单车', '脚踏车', 'bicycle', 'bike', 'cycling'],
    (pen) =>
      [
        circle(pen, -28, -22, 20, 'dark', 0.15),
        circle(pen, 28, -22, 20, 'dark', 0.15),
        line(
          pen,
          'M-28,-22 m-20,0 a20,20 0 1,0 40,0 a20,20 0 1,0 -40,0 M28,-22 m-20,0 a20,20 0 1,0 40,0 a20,20 0 1,0 -40,0 M-28,-22 L-6,-22 L16,-50 L-14,-50 Z M-6,-22 L-16,-58 M16,-50 L28,-22 M16,-50 L14,-62 L24,-64',
          'dark',
          3,
        ),
        rect(pen, -22, -62, 14, 4, 'dark', 2),
      ].join(''),
    0.22,
    'near',
  ),
  m(
    'bus',
    ['公交车', '公交', '巴士', '大巴', 'bus'],
    (pen) =>
      [
        rect(pen, -50, -60, 100, 48, '#e8a33a', 6),
        ...[-42, -22, -2, 18].map((x) => rect(pen, x, -54, 16, 16, 'glass')),
        rect(pen, 36, -54, 10, 30, 'glass'),
        wheels(pen, [-30, 30], 11),
      ].join(''),
    0.16,
  ),
  m(
    'train',
    ['火车', '列车', '高铁', '地铁', '电车', 'train', 'railway', 'tram', 'subway', 'metro'],
    (pen) =>
      [
        path(pen, 'M-50,-8 L-50,-52 L30,-52 Q50,-50 50,-24 L50,-8Z', '#e9ecef'),
        rect(pen, -50, -34, 100, 6, '#2f6fb0'),
        ...[-44, -26, -8, 10].map((x) => rect(pen, x, -48, 12, 10, 'glass')),
        line(pen, 'M-50,-2 L50,-2', 'dark', 2),
      ].join(''),
    0.14,
  ),
  m(
    'airplane',
    ['飞机', '客机', 'airplane', 'plane', 'aircraft', 'jet'],
    (pen) =>
      [
        ellipse(pen, 0, -50, 48, 8, '#f1f3f5'),
        poly(pen, [-8, -50, 12, -50, -14, -86, -22, -86], '#d5dade'),
        poly(pen, [-8, -50, 12, -50, -14, -16, -22, -16], '#d5dade'),
        poly(pen, [-40, -52, -48, -70, -36, -54], '#d5dade'),
      ].join(''),
    0.14,
    'sky',
  ),
  m(
    'rocket',
    ['火箭', '飞船', '宇宙飞船', 'rocket', 'spaceship', 'spacecraft'],
    (pen) =>
      [
        path(pen, 'M-12,-20 L-12,-70 Q0,-100 12,-70 L12,-20Z', '#f1f3f5'),
        poly(pen, [-12, -40, -26, -16, -12, -22], '#d8402f'),
        poly(pen, [12, -40, 26, -16, 12, -22], '#d8402f'),
        circle(pen, 0, -62, 6, 'glass'),
        poly(pen, [-8, -20, 0, 0, 8, -20], '#f6a23a'),
      ].join(''),
    0.3,
    'sky',
  ),
  m(
    'hot-air-balloon',
    ['热气球', 'hot air balloon', 'hot-air balloon'],
    (pen) =>
      [
        path(pen, 'M0,-30 Q-40,-60 -30,-84 Q0,-110 30,-84 Q40,-60 0,-30Z', '#e8574a'),
        path(pen, 'M0,-30 Q-14,-60 -10,-96 Q10,-60 0,-30Z', '#f3d34a'),
        line(pen, 'M-6,-30 L-6,-12 M6,-30 L6,-12', 'dark', 1),
        rect(pen, -8, -12, 16, 12, 'wood'),
      ].join(''),
    0.22,
    'sky',
    2,
  ),
  m(
    'motorcycle',
    ['摩托车', '摩托', '机车', 'motorcycle', 'motorbike', 'scooter'],
    (pen) =>
      [
        wheels(pen, [-30, 30], 16),
        path(pen, 'M-30,-16 L-8,-40 L20,-40 L30,-16Z', 'accent'),
        line(pen, 'M20,-40 L28,-56', 'dark', 3),
      ].join(''),
    0.14,
    'near',
  ),
  m(
    'ufo',
    ['飞碟', '外星', 'ufo', 'flying saucer', 'alien'],
    (pen) =>
      [
        ellipse(pen, 0, -50, 46, 12, '#aab4be'),
        path(pen, 'M-20,-54 Q0,-84 20,-54Z', 'glass'),
        poly(pen, [-20, -42, 20, -42, 40, 0, -40, 0], '#fff6a8', 0.3),
      ].join(''),
    0.24,
    'sky',
  ),
  m(
    'submarine',
    ['潜水艇', '潜艇', 'submarine'],
    (pen) =>
      [
        ellipse(pen, 0, -30, 48, 18, '#f2c94c'),
        rect(pen, -8, -60, 20, 18, '#f2c94c', 4),
        circle(pen, -20, -30, 5, 'glass'),
        circle(pen, 0, -30, 5, 'glass'),
        circle(pen, 20, -30, 5, 'glass'),
      ].join(''),
    0.2,
  ),
  m(
    'kite',
    ['风筝', 'kite'],
    (pen) =>
      [
        poly(pen, [0, -100, 22, -70, 0, -40, -22, -70], '#e8574a'),
        line(pen, 'M0,-100 L0,-40 M-22,-70 L22,-70', '#f3d34a', 1.5),
        line(pen, 'M0,-40 q10,14 -4,24 t6,16', 'dark', 1),
      ].join(''),
    0.14,
    'sky',
  ),
];
