import { circle, ellipse, line, path, poly, rect } from '../shapes.js';
import type { Motif, Pen } from '../types.js';

/** Things: what sits on a table, hangs from eaves or is held in a hand. */

const m = (
  id: string,
  words: string[],
  draw: (pen: Pen) => string,
  size = 0.2,
  slot: Motif['slot'] = 'near',
  repeat?: number,
): Motif => ({ id, family: 'objects', slot, words, size, draw, repeat });

export const objectMotifs: Motif[] = [
  m(
    'cup',
    ['杯', '杯子', '茶杯', '水杯', '马克杯', '玻璃杯', 'cup', 'mug', 'glass'],
    (pen) =>
      [
        path(pen, 'M-26,-70 L26,-70 L20,0 L-20,0Z', 'accent'),
        line(pen, 'M24,-56 q22,4 16,24 q-4,10 -18,8', 'accent', 5),
        ellipse(pen, 0, -70, 26, 5, 'dark', 0.4),
      ].join(''),
    0.14,
  ),
  m(
    'teapot',
    ['茶壶', '壶', 'teapot', 'kettle'],
    (pen) =>
      [
        ellipse(pen, 0, -32, 34, 30, '#c9b79a'),
        path(pen, 'M30,-40 L52,-60 L48,-52 L32,-28Z', '#c9b79a'),
        line(pen, 'M-32,-50 q-22,6 -14,28', '#c9b79a', 5),
        ellipse(pen, 0, -62, 14, 5, '#b3a080'),
        circle(pen, 0, -68, 4, '#b3a080'),
      ].join(''),
    0.16,
  ),
  m(
    'book',
    ['书', '书本', '书籍', '图书', '一本书', 'book', 'books', 'novel'],
    (pen) =>
      [
        poly(pen, [-48, -14, 0, -6, 48, -14, 48, -44, 0, -36, -48, -44], '#f7f3e8'),
        line(pen, 'M0,-6 L0,-36', 'dark', 1),
        poly(pen, [-48, -14, 0, -6, 48, -14, 48, -10, 0, -2, -48, -10], 'accent'),
      ].join(''),
    0.12,
  ),
  m(
    'lantern',
    ['灯笼', '红灯笼', '花灯', '宫灯', '孔明灯', 'lantern', 'lanterns', 'paper lantern'],
    (pen) =>
      [
        line(pen, 'M0,-100 L0,-84', 'dark', 1.5),
        rect(pen, -10, -86, 20, 5, '#c9a23a'),
        ellipse(pen, 0, -60, 24, 24, '#e0332a'),
        line(pen, 'M-12,-80 Q-20,-60 -12,-40 M0,-84 L0,-36 M12,-80 Q20,-60 12,-40', '#b22418', 1.2),
        rect(pen, -10, -39, 20, 5, '#c9a23a'),
        line(pen, 'M-4,-34 L-4,-20 M0,-34 L0,-18 M4,-34 L4,-20', '#e0332a', 1.4),
      ].join(''),
    0.14,
    'near',
    2,
  ),
  m(
    'umbrella',
    ['伞', '雨伞', '油纸伞', '阳伞', 'umbrella', 'parasol'],
    (pen) =>
      [
        path(
          pen,
          'M-48,-60 Q0,-110 48,-60 Q36,-66 24,-60 Q12,-66 0,-60 Q-12,-66 -24,-60 Q-36,-66 -48,-60Z',
          'accent',
        ),
        line(pen, 'M0,-90 L0,-6 q0,6 -8,6', 'dark', 2.5),
      ].join(''),
    0.22,
  ),
  m(
    'clock',
    ['钟', '时钟', '闹钟', '钟表', 'clock', 'alarm clock'],
    (pen) =>
      [
        circle(pen, 0, -44, 40, 'light'),
        circle(pen, 0, -44, 34, '#fbfaf6'),
        line(pen, 'M0,-44 L0,-70 M0,-44 L18,-36', 'dark', 3),
        rect(pen, -30, -6, 10, 6, 'dark'),
        rect(pen, 20, -6, 10, 6, 'dark'),
      ].join(''),
    0.16,
  ),
  m(
    'lamp',
    ['台灯', '灯', '路灯', '街灯', '油灯', 'lamp', 'street lamp', 'streetlight', 'light bulb'],
    (pen) =>
      [
        rect(pen, -3, -80, 6, 80, 'dark'),
        poly(pen, [-20, -76, -10, -98, 10, -98, 20, -76], 'accent'),
        circle(pen, 0, -70, 8, 'sun', 0.8),
      ].join(''),
    0.3,
  ),
  m(
    'candle',
    ['蜡烛', '烛光', '烛', 'candle', 'candles', 'candlelight'],
    (pen) =>
      [
        rect(pen, -10, -60, 20, 60, '#f4efe4'),
        path(pen, 'M0,-84 Q10,-70 0,-62 Q-10,-70 0,-84Z', '#f6a23a'),
        circle(pen, 0, -72, 20, 'sun', 0.25),
      ].join(''),
    0.14,
  ),
  m(
    'vase',
    ['花瓶', '瓶', '瓷瓶', '青花瓷', 'vase', 'porcelain'],
    (pen) =>
      [
        path(pen, 'M-10,-90 L10,-90 L8,-76 Q34,-56 20,-10 L14,0 L-14,0 L-20,-10 Q-34,-56 -8,-76Z', '#e9eef5'),
        path(pen, 'M-20,-48 Q0,-60 20,-48 Q0,-36 -20,-48Z', '#2f5fa8'),
      ].join(''),
    0.2,
  ),
  m(
    'bottle',
    ['瓶子', '酒瓶', '漂流瓶', 'bottle', 'wine', '红酒', '酒'],
    (pen) =>
      [
        path(pen, 'M-6,-100 L6,-100 L6,-70 Q18,-60 18,-44 L18,0 L-18,0 L-18,-44 Q-18,-60 -6,-70Z', '#3a6b4a'),
        rect(pen, -18, -40, 36, 20, '#f4efe4'),
      ].join(''),
    0.2,
  ),
  m(
    'chair',
    ['椅子', '椅', '长椅', '凳子', 'chair', 'bench', 'stool'],
    (pen) =>
      [
        rect(pen, -30, -44, 60, 6, 'wood'),
        rect(pen, -30, -96, 6, 96, 'wood'),
        rect(pen, 24, -44, 6, 44, 'wood'),
        rect(pen, -30, -96, 40, 6, 'wood'),
        rect(pen, -30, -74, 40, 4, 'wood'),
      ].join(''),
    0.26,
  ),
  m(
    'table',
    ['桌子', '桌', '桌上', '桌面', '书桌', '餐桌', '茶几', 'table', 'desk'],
    (pen) =>
      [
        rect(pen, -50, -60, 100, 8, 'wood'),
        rect(pen, -44, -52, 6, 52, 'wood'),
        rect(pen, 38, -52, 6, 52, 'wood'),
      ].join(''),
    0.26,
  ),
  m(
    'guitar',
    ['吉他', '琴', '古琴', '琵琶', '乐器', 'guitar', 'violin', 'instrument'],
    (pen) =>
      [
        circle(pen, 0, -22, 20, '#c8843a'),
        circle(pen, 0, -48, 15, '#c8843a'),
        circle(pen, 0, -26, 6, '#3a2414'),
        rect(pen, -3, -98, 6, 50, '#3a2414'),
      ].join(''),
    0.26,
  ),
  m(
    'piano',
    ['钢琴', 'piano'],
    (pen) =>
      [
        rect(pen, -48, -70, 96, 50, '#1d1d1d', 4),
        rect(pen, -44, -30, 88, 10, '#fbfaf6'),
        rect(pen, -44, -20, 6, 20, '#1d1d1d'),
        rect(pen, 38, -20, 6, 20, '#1d1d1d'),
      ].join(''),
    0.26,
  ),
  m(
    'phone',
    ['手机', '电话', 'phone', 'smartphone', 'mobile phone'],
    (pen) => [rect(pen, -22, -96, 44, 92, '#2b2b2b', 8), rect(pen, -18, -88, 36, 74, 'glass', 3)].join(''),
    0.14,
  ),
  m(
    'computer',
    ['电脑', '笔记本电脑', '计算机', '显示器', 'computer', 'laptop', 'monitor'],
    (pen) =>
      [
        rect(pen, -40, -80, 80, 52, '#2b2b2b', 4),
        rect(pen, -36, -76, 72, 44, 'glass'),
        poly(pen, [-48, -24, 48, -24, 52, 0, -52, 0], '#9aa0a8'),
      ].join(''),
    0.2,
  ),
  m(
    'camera',
    ['相机', '照相机', '摄像机', 'camera'],
    (pen) =>
      [
        rect(pen, -40, -60, 80, 50, '#2b2b2b', 6),
        rect(pen, -16, -70, 24, 10, '#2b2b2b'),
        circle(pen, 0, -35, 18, '#6a7a8a'),
        circle(pen, 0, -35, 10, 'glass'),
      ].join(''),
    0.14,
  ),
  m(
    'balloon',
    ['气球', 'balloon', 'balloons'],
    (pen) => [ellipse(pen, 0, -72, 18, 22, 'accent'), line(pen, 'M0,-50 q8,20 -4,50', 'dark', 1)].join(''),
    0.2,
    'near',
    3,
  ),
  m(
    'gift',
    ['礼物', '礼盒', '礼品', 'gift', 'present'],
    (pen) =>
      [
        rect(pen, -30, -50, 60, 50, 'accent'),
        rect(pen, -34, -60, 68, 12, 'accent'),
        rect(pen, -5, -60, 10, 60, '#f3d34a'),
        path(pen, 'M0,-60 Q-24,-84 -16,-62Z M0,-60 Q24,-84 16,-62Z', '#f3d34a'),
      ].join(''),
    0.14,
  ),
  m(
    'fan',
    ['扇子', '折扇', '团扇', 'hand fan', 'folding fan'],
    (pen) =>
      [
        path(pen, 'M0,0 L-46,-60 A58,58 0 0 1 46,-60Z', '#f1e3c6'),
        line(pen, 'M0,0 L-46,-60 M0,0 L-24,-74 M0,0 L0,-78 M0,0 L24,-74 M0,0 L46,-60', 'wood', 1.4),
      ].join(''),
    0.16,
  ),
  m(
    'hat',
    ['帽子', '草帽', '斗笠', 'hat', 'straw hat'],
    (pen) =>
      [
        ellipse(pen, 0, -16, 48, 10, '#d8b46a'),
        path(pen, 'M-24,-18 Q-22,-52 0,-52 Q22,-52 24,-18Z', '#d8b46a'),
        rect(pen, -24, -26, 48, 6, '#c8402f'),
      ].join(''),
    0.12,
  ),
  m(
    'crown',
    ['皇冠', '王冠', 'crown', 'tiara'],
    (pen) =>
      [
        poly(pen, [-40, -10, -40, -60, -20, -36, 0, -70, 20, -36, 40, -60, 40, -10], '#f2c94c'),
        circle(pen, 0, -30, 6, '#d8402f'),
      ].join(''),
    0.14,
  ),
  m(
    'sword',
    ['剑', '宝剑', '刀', 'sword', 'blade', 'katana'],
    (pen) =>
      [
        poly(pen, [-3, -100, 3, -100, 4, -30, -4, -30], '#d5dade'),
        rect(pen, -16, -30, 32, 5, '#c9a23a'),
        rect(pen, -3, -25, 6, 22, '#3a2414'),
      ].join(''),
    0.3,
  ),
  m(
    'bell',
    ['铃铛', '风铃', '铜钟', '编钟', 'bell', 'wind chime'],
    (pen) =>
      [
        path(pen, 'M-30,-20 Q-30,-80 0,-80 Q30,-80 30,-20 L36,-12 L-36,-12Z', '#c9a23a'),
        circle(pen, 0, -8, 6, '#9b7a22'),
      ].join(''),
    0.14,
  ),
  m(
    'letter',
    ['信', '信封', '书信', '明信片', 'letter', 'envelope', 'postcard'],
    (pen) =>
      [rect(pen, -44, -56, 88, 56, '#f7f3e8'), line(pen, 'M-44,-56 L0,-24 L44,-56', 'dark', 1.4)].join(''),
    0.12,
  ),
  m(
    'heart',
    ['爱心', '心', '爱', '心形', 'heart', 'love'],
    (pen) => path(pen, 'M0,-16 C-60,-56 -30,-100 0,-72 C30,-100 60,-56 0,-16Z', '#e0405a'),
    0.14,
  ),
  m(
    'snowman',
    ['雪人', 'snowman'],
    (pen) =>
      [
        circle(pen, 0, -26, 26, '#fbfdff'),
        circle(pen, 0, -66, 18, '#fbfdff'),
        poly(pen, [0, -66, 16, -63, 0, -60], '#f08a24'),
        rect(pen, -14, -92, 28, 8, '#2b2b2b'),
        rect(pen, -9, -104, 18, 14, '#2b2b2b'),
      ].join(''),
    0.26,
  ),
  m(
    'fireworks',
    ['烟花', '烟火', '焰火', 'fireworks', 'firework'],
    (pen) =>
      Array.from({ length: 16 }, (_, i) => {
        const a = (i / 16) * Math.PI * 2;
        return line(
          pen,
          `M${Math.cos(a) * 12},${-50 + Math.sin(a) * 12} L${Math.cos(a) * 44},${-50 + Math.sin(a) * 44}`,
          i % 2 ? '#f3d34a' : '#e8574a',
          2.5,
        );
      }).join(''),
    0.3,
    'sky',
    2,
  ),
  m(
    'candy',
    ['糖果', '棒棒糖', 'candy', 'lollipop', 'sweets'],
    (pen) =>
      [
        line(pen, 'M0,-50 L0,0', '#f4efe4', 4),
        circle(pen, 0, -68, 22, '#e84a8a'),
        line(pen, 'M-14,-68 a14,14 0 0 1 28,0 a8,8 0 0 1 -16,0', '#ffffff', 3),
      ].join(''),
    0.12,
  ),
  m(
    'toy-bear',
    ['玩偶', '泰迪熊', '毛绒玩具', '玩具', 'teddy bear', 'toy', 'plush'],
    (pen) =>
      [
        circle(pen, 0, -30, 26, '#c8925a'),
        circle(pen, 0, -70, 20, '#c8925a'),
        circle(pen, -16, -86, 8, '#c8925a'),
        circle(pen, 16, -86, 8, '#c8925a'),
        ellipse(pen, 0, -64, 8, 6, '#e8c9a4'),
      ].join(''),
    0.14,
  ),
  m(
    'glasses',
    ['眼镜', '墨镜', 'glasses', 'sunglasses'],
    (pen) =>
      [
        circle(pen, -20, -30, 16, 'glass'),
        circle(pen, 20, -30, 16, 'glass'),
        line(pen, 'M-4,-32 L4,-32 M-36,-34 L-46,-40 M36,-34 L46,-40', 'dark', 3),
      ].join(''),
    0.1,
  ),
];
