import { Jieba, type TaggedWord } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Reads a free request ("给一家社区咖啡馆写朋友圈开业文案，50字以内") into what the offline composer writes
 * from: the subject ("社区咖啡馆"), the occasion ("开业"), other details, and the limits asked for. Genre and
 * format words are taken out first; jieba's part-of-speech tags then keep the content words, so the answer is
 * written about the subject and never pastes the request back.
 */
export interface CopyRequest {
  subject: string;
  /** An event the copy is for: 开业, 周年庆, 上新… */
  occasion?: string;
  /** Other content words, in the order asked. */
  details: string[];
  /** Most characters per piece of copy ("50字以内", "不超过15字", "100字左右"). */
  maxChars?: number;
  /** How many pieces ("3个标题", "五条广告语"). */
  count?: number;
  /** Spoken length ("30秒", "1分钟"). */
  seconds?: number;
}

/** Words of copywriting the general dictionary splits apart. */
const EXTRA_WORDS =
  '手冲 n, 好物 n, 探店 v, 种草 v, 口播 n, 广告语 n, 五星好评 n, 民宿 n, 轻食 n, 奶茶店 n'.split(', ');

let segmenter: Jieba | undefined;
/** The dictionary loads once, on the first offline answer (~150 ms). */
const tagWords = (text: string): TaggedWord[] => {
  if (!segmenter) {
    segmenter = Jieba.withDict(dict);
    segmenter.loadDict(Buffer.from(EXTRA_WORDS.map((w) => w.replace(' ', ' 20000 ')).join('\n')));
  }
  return segmenter.tag(text, true);
};

const CN_DIGITS: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
/** "50", "五十", "一百二十", "十五" → a number. */
const parseNumber = (text: string): number | undefined => {
  if (/^\d+$/.test(text)) return Number(text);
  let total = 0;
  let digit = 0;
  const units: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };
  for (const ch of text) {
    if (ch in CN_DIGITS) digit = CN_DIGITS[ch]!;
    else if (ch in units) {
      total += (digit || 1) * units[ch]!;
      digit = 0;
    } else return undefined;
  }
  const n = total + digit;
  return n > 0 ? n : undefined;
};

const NUM = '(\\d+|[零一二两三四五六七八九十百千]+)';
const LIMIT_RE = new RegExp(
  `(?:不要?超过|不多于|少于|控制在|限|在)?\\s*${NUM}\\s*个?(?:汉)?字(?:以内|之内|以下|内|左右|上下)?`,
);
const SECONDS_RE = new RegExp(`${NUM}\\s*(秒钟?|s|分钟|min)`, 'i');
const COUNT_RE = new RegExp(`${NUM}\\s*(?:个|条|句|组|版|套|款|段|篇|则|份)(?!字|秒|分)`);

/** Events a piece of copy is often written for; the longest match wins. */
const OCCASION_RE =
  /(周年庆|店庆|周年|试营业|开业|开张|上新|新品上市|新品|促销|打折|清仓|大促|会员日|招聘|搬迁|升级|重装开业|团购|预售|开学|毕业|婚礼|生日|年会|发布会|双十一|双11|618|春节|中秋节?|端午节?|国庆节?|元旦|七夕|情人节|母亲节|父亲节|圣诞节?)/;

/** Genre, format and request words: what to write, not what it is about. */
const FORMAT_RE =
  /(小红书|朋友圈|抖音|快手|视频号|公众号|微博|短视频|直播间?|大众点评|美团)|(风格|类型|形式|口吻|语气)|(文案|脚本|笔记|标题|名字|口播|稿子|稿|广告语|宣传语|标语|口号|slogan|点评|五星好评|好评|差评|评价|测评|分享|推荐|种草|介绍|推文|软文|帖子|段子|金句|短句|句子|一句话|探店|内容|开场白|结束语|文章)/gi;

/** Verbs and words of asking that carry no content. */
const ASKING = new Set(
  '帮 帮忙 帮我 请 麻烦 给 为 替 写 写个 写一 来 做 生成 创作 想 要 需要 设计 写点 什么 介绍 一下 突出 强调 主打 体现 起 取 出 列 拟 编 弄 整 搞 能 可以 能否 下 关于 有关 围绕 主题 我 我们 你 那 这 这个 那个 的 地 得 了 吧 呀 啊 吗 呢 和 与 及 或 并 并且 还有 一些 几 些 每 用 以 不 超过 以内 左右 字 更 很 非常 比较 有 是 适合 发 发布 配 要求 尽量 简短 短 长 顺便 提 提一下 提到 加上 带上 写上 说 说明'.split(
    ' ',
  ),
);
const DROPPED_TAGS = new Set('t p r c u uj ul uz ud ug uv y e o d w ad'.split(' '));
const MEASURE_RE =
  /^[\d零一二两三四五六七八九十百千几]+[家段篇条个份句首些下款位张件]?$|^[家段篇条个份句首些下款位张件]$/;

const isContent = (w: TaggedWord) =>
  !DROPPED_TAGS.has(w.tag) && !ASKING.has(w.word) && !MEASURE_RE.test(w.word) && /[\p{L}\p{N}]/u.test(w.word);
const isNounish = (tag: string) => /^(n|nr|ns|nt|nz|ng|vn|an|eng|j)/.test(tag);
/** A one-character verb ("开", "做", "卖"): it needs an object to be read. */
const isBareVerb = (w: TaggedWord) => /^v[dg]?$/.test(w.tag) && Array.from(w.word).length === 1;

export const readRequest = (question: string): CopyRequest => {
  let text = question.trim();
  const out: CopyRequest = { subject: '', details: [] };
  const quoted = /[「“"《](.+?)[」”"》]/.exec(text);

  const limit = LIMIT_RE.exec(text);
  if (limit?.[1]) {
    const n = parseNumber(limit[1]);
    if (n && n >= 4 && n <= 2000) out.maxChars = n;
    text = text.replace(limit[0], '，');
  }
  const seconds = SECONDS_RE.exec(text);
  if (seconds?.[1]) {
    const n = parseNumber(seconds[1]) ?? 0;
    out.seconds = /分|min/i.test(seconds[2] ?? '') ? n * 60 : n;
    text = text.replace(seconds[0], '，');
  }
  const count = COUNT_RE.exec(text);
  if (count?.[1]) {
    const n = parseNumber(count[1]);
    if (n && n > 1 && n <= 20) out.count = n;
    text = text.replace(count[0], '，');
  }
  const occasion = OCCASION_RE.exec(text);
  if (occasion?.[1]) {
    out.occasion = occasion[1];
    text = text.replace(occasion[0], '，');
  }
  FORMAT_RE.lastIndex = 0;
  const name = quoted?.[1] && !FORMAT_RE.test(quoted[1]) ? quoted[1].trim() : undefined;
  FORMAT_RE.lastIndex = 0;
  // A quoted name stays in place (「山野」民宿 → 山野民宿) and is kept whole by the phrase containing it.
  if (quoted && name) text = text.replace(quoted[0], name);
  text = text.replace(FORMAT_RE, '，');

  // Content words that stand next to each other form one phrase ("新款 无线 降噪 耳机").
  const phrases: { text: string; nounish: boolean; placeOnly: boolean }[] = [];
  let current: TaggedWord[] = [];
  const flush = () => {
    // "在杭州开了一家店" reads 杭州 + 开: a noun and a bare verb with no object is no detail ("杭州开，是…"),
    // so the dangling verb goes and the place stays a place.
    while (current.length >= 2 && isBareVerb(current[current.length - 1]!) && isNounish(current[current.length - 2]!.tag))
      current.pop();
    if (current.length) {
      phrases.push({
        text: current.map((w) => w.word).join(''),
        nounish: isNounish(current[current.length - 1]!.tag),
        placeOnly: current.every((w) => /^([sf]|ns)/.test(w.tag)),
      });
    }
    current = [];
  };
  for (const word of tagWords(text)) {
    if (isContent(word)) current.push(word);
    else flush();
  }
  flush();

  const main =
    (name && phrases.find((p) => p.text.includes(name))) ||
    phrases.find((p) => p.nounish && Array.from(p.text).length >= 2) ||
    phrases.find((p) => !p.placeOnly);
  out.subject = main?.text ?? name ?? '';
  // Where ("楼下") is no detail worth a sentence.
  const details = phrases.filter((p) => !p.placeOnly).map((p) => p.text);
  out.details = [...new Set(details)]
    .filter((p) => p !== out.subject && !out.subject.includes(p))
    .slice(0, 4);
  // A very long subject is a sentence, not a name: keep its head.
  if (Array.from(out.subject).length > 14) out.subject = Array.from(out.subject).slice(0, 12).join('');
  return out;
};
