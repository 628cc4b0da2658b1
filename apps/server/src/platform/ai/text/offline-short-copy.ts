import type { CopyRequest } from './offline-request.js';

/**
 * Short copy of the offline engine (朋友圈, 广告语, 标题, 点评, 口播, and any request with a length limit):
 * each genre has its own bank of sentences written around the subject, occasion and details of the request;
 * versions are packed from the bank without reusing a sentence and never longer than the limit asked for.
 */
export type ShortGenre = 'moments' | 'slogan' | 'headline' | 'review' | 'voiceover' | 'xhs' | 'generic';

/** A seeded random number in [0, 1). */
export type Draw = () => number;

const OPENING = /开业|开张|试营业|重装开业/;
const ANNIVERSARY = /周年|店庆/;
const SALE = /促销|打折|清仓|大促|团购|预售|会员日|双十一|双11|618/;
const NEWS = /上新|新品/;
const PLACE = /(店|馆|厅|院|房|所|吧|铺|坊|楼|园|宿|中心|酒店|餐厅|超市|诊所|影院|工作室|学校|机构|市集|班)$/;
/** A shop, venue or school rather than a product or an activity. */
export const isPlaceName = (subject: string) => PLACE.test(subject);

const len = (text: string) => Array.from(text).length;

interface Words {
  s: string;
  o: string;
  /** The details, or sensible defaults for the genre. */
  d: string[];
  place: boolean;
}

const occasionLines = ({ s, o }: Words): string[] => {
  if (!o) return [];
  if (OPENING.test(o))
    return [
      `${s}今天正式开门迎客啦！`,
      `从装修到${o}，每个细节都是我们亲手打磨的。`,
      `${o}这几天到店都有小惊喜，等你来。`,
      `谢谢一路帮忙的朋友，${s}终于和大家见面了。`,
      '路过的邻居进来坐坐，交个朋友吧。',
    ];
  if (ANNIVERSARY.test(o))
    return [
      `${s}${o}，谢谢每一位老朋友的陪伴。`,
      `一年又一年，${s}还在老地方等你。`,
      `${o}福利已经备好，回来看看吧。`,
    ];
  if (SALE.test(o))
    return [
      `${s}${o}开始啦，心动的别再等。`,
      `错过这次${o}，就要再等一阵子了。`,
      `这次${o}力度很足，想入手的正是时候。`,
    ];
  if (NEWS.test(o))
    return [
      `${s}${o}啦，第一时间分享给你。`,
      `这次${o}，每一款都是认真挑过的。`,
      '新的季节，从一点新鲜开始。',
    ];
  return [`${o}到了，${s}想和你分享这份开心。`, `这个${o}，愿你的日子甜一点。`, `${o}快乐，谢谢一直在的你。`];
};

const DETAIL_SHAPES = [
  (x: string) => `${x}，是最想分享给你的部分。`,
  (x: string) => `说到${x}，真的值得专门讲一讲。`,
  (x: string) => `${x}这一点，用心的人都看得见。`,
];
const detailLines = ({ d }: Words): string[] => d.slice(0, 3).map((x, i) => DETAIL_SHAPES[i]!(x));

const everyday = ({ s, place }: Words): string[] =>
  place
    ? [
        `在${s}，把忙碌的日子过慢一点。`,
        `${s}的灯亮着，等你来坐坐。`,
        `有空来${s}坐坐，聊聊天也好。`,
        `喜欢${s}，是因为这里总有刚刚好的温度。`,
        `今天在${s}，心情跟着亮了起来。`,
      ]
    : [
        `今天的${s}，刚刚好。`,
        `把${s}写进日常，日子就有了光。`,
        `关于${s}，今天又多了一点新的体会。`,
        `${s}的这一刻，值得被记住。`,
        `收藏今天的${s}，留给以后的自己看。`,
        `慢慢来，${s}这件事，每一步都算数。`,
      ];

/**
 * Sentence banks by genre, in groups: the first group (the occasion, the details) is what the request is
 * about and leads; later groups fill in. Lines are shuffled within their group unless the genre is ORDERED.
 */
const BANKS: Record<ShortGenre, (w: Words) => string[][]> = {
  moments: (w) => [[...occasionLines(w), ...detailLines(w)], everyday(w)],
  slogan: (w) => [
    w.o ? [`${w.s}${w.o}，惊喜等你。`] : [],
    [
      `${w.s}，品质看得见。`,
      `选${w.s}，选对的那一个。`,
      `${w.s}，一直在你身边。`,
      `${w.s}，把用心做到细节里。`,
      `每一天，都有${w.s}陪伴。`,
      `有${w.s}，刚刚好。`,
      `${w.s}，不止于此。`,
      `遇见${w.s}，遇见更好的自己。`,
    ],
  ],
  headline: (w) => [
    w.o
      ? [`${w.s}${w.o}｜福利清单来了`, `${w.s}${w.o}，这份惊喜请收好`, `${w.o}将至，${w.s}准备了什么？`]
      : [],
    w.d[0] ? [`${w.s}：${w.d[0]}到底有多重要？`] : [],
    [
      `为什么大家都在聊${w.s}？`,
      `${w.s}到底值不值得？看完再决定`,
      `第一次接触${w.s}，先看这篇`,
      `${w.s}的正确打开方式`,
      `关于${w.s}，很多人都忽略了这一点`,
      `一篇讲清${w.s}，建议收藏`,
    ],
  ],
  review: (w) => [
    w.place
      ? [
          `这次去的是${w.s}，整体体验很不错。`,
          '环境干净明亮，坐下来很舒服。',
          ...detailLines(w),
          '店员态度热情，有问必答。',
          '价格在附近算是实在的，性价比不错。',
          '周末人会多一些，建议错开高峰。',
          '已经推荐给身边的朋友，下次还会再来。',
        ]
      : [
          `这次入手了${w.s}，用了一段时间来说说感受。`,
          '做工扎实，细节处理得很用心。',
          ...detailLines(w),
          '上手简单，不用研究就会用。',
          '价格不算最低，但物有所值。',
          '会回购，也推荐给有需要的朋友。',
        ],
  ],
  voiceover: (w) => [
    [
      w.o ? `${w.s}${w.o}，好消息先告诉你！` : `今天带你认识${w.s}。`,
      ...occasionLines(w).slice(1, 3),
      ...detailLines(w),
      `不绕弯子，${w.s}的好就在细节里。`,
      w.place ? '来过一次的朋友，基本都成了回头客。' : '用过的朋友都说，选对了真的省心。',
      w.place ? '地方不难找，路过就进来看看。' : '价格实在，品质在线，这才是真的好。',
      '心动不如行动，评论区告诉我你的想法。',
    ],
  ],
  xhs: (w) => [
    [
      `挖到宝了！${w.s}真的是我最近的心头好。`,
      ...detailLines(w),
      `${w.s}上手之后，才知道之前错过了什么。`,
      '理性种草，按需入手不踩坑。',
      `你们还想看${w.s}的哪些细节？评论区告诉我。`,
    ],
  ],
  generic: (w) => [[...occasionLines(w), ...detailLines(w)], everyday(w)],
};

/** Genres whose bank reads as one piece in order (a review, a spoken script); others mix their lines. */
const ORDERED: ReadonlySet<ShortGenre> = new Set(['review', 'voiceover', 'xhs']);
const LINES_PER_VERSION: Record<ShortGenre, number> = {
  moments: 2,
  slogan: 1,
  headline: 1,
  review: 6,
  voiceover: 8,
  xhs: 5,
  generic: 2,
};
const DEFAULT_VERSIONS: Record<ShortGenre, number> = {
  moments: 3,
  slogan: 6,
  headline: 6,
  review: 1,
  voiceover: 1,
  xhs: 1,
  generic: 3,
};
/** Headlines and slogans stay short even when no limit was asked for. */
const DEFAULT_MAX: Partial<Record<ShortGenre, number>> = { slogan: 16, headline: 28 };

const LABELS: Record<ShortGenre, string> = {
  moments: '朋友圈文案',
  slogan: '广告语',
  headline: '标题',
  review: '点评',
  voiceover: '口播稿',
  xhs: '小红书笔记',
  generic: '文案',
};

const shuffle = <T>(items: T[], random: Draw): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

/** Versions of copy: no sentence used twice, none longer than `max` characters. */
const packVersions = (
  bank: string[][],
  options: { versions: number; linesPerVersion: number; max?: number; ordered: boolean; random: Draw },
): string[] => {
  const groups = options.ordered ? bank : bank.map((group) => shuffle(group, options.random));
  let pool = [...new Set(groups.flat())];
  const versions: string[] = [];
  while (versions.length < options.versions && pool.length) {
    let text = '';
    let lines = 0;
    const left: string[] = [];
    for (const sentence of pool) {
      if (
        lines < options.linesPerVersion &&
        (options.max === undefined || len(text + sentence) <= options.max)
      ) {
        text += sentence;
        lines += 1;
      } else left.push(sentence);
    }
    if (!text) break;
    versions.push(text);
    pool = left;
  }
  return versions;
};

/** The whole short answer (heading and versions); the caller adds the offline label. */
export const composeShortCopy = (genre: ShortGenre, request: CopyRequest, random: Draw): string => {
  const s = request.subject || '这份心意';
  const words: Words = { s, o: request.occasion ?? '', d: request.details, place: isPlaceName(s) };
  // Spoken copy runs at 4–5 characters a second, so "15秒" is at most 75 characters.
  const spoken = genre === 'voiceover' && request.seconds ? request.seconds * 5 : undefined;
  const max = request.maxChars ?? spoken ?? DEFAULT_MAX[genre];
  const wanted = request.count ?? DEFAULT_VERSIONS[genre];
  let versions = packVersions(BANKS[genre](words), {
    versions: wanted,
    linesPerVersion: LINES_PER_VERSION[genre],
    max,
    ordered: ORDERED.has(genre),
    random,
  });
  if (!versions.length) {
    // Even the shortest sentence is over the limit: the subject (and occasion) alone, cut to fit.
    versions = [Array.from(`${s}${words.o}`).slice(0, max).join('')];
  }
  const limits = [
    request.maxChars ? `每条不超过 ${request.maxChars} 字` : '',
    request.seconds ? `约 ${request.seconds} 秒` : '',
  ].filter(Boolean);
  const heading = `**${LABELS[genre]} · ${s}${words.o}**${limits.length ? `（${limits.join('，')}）` : ''}`;

  const body = versions.length === 1 ? versions : versions.map((v, i) => `${i + 1}. ${v}`);
  return [heading, '', ...body].join('\n');
};
