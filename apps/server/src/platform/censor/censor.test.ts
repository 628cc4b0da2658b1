import { describe, expect, it } from 'vitest';
import { createCensor } from './censor.js';
import { ALLOWED_PHRASES, SENSITIVE_WORDS, SENSITIVE_WORDS_BY_CATEGORY } from './sensitive-words.js';
import { STOP_WORDS } from './stop-words.js';

const censor = createCensor();
const words = (text: string) => censor.findSensitive(text).map((m) => m.word);

describe('seed data', () => {
  it('holds a few hundred terms in every required category', () => {
    expect(SENSITIVE_WORDS.length).toBeGreaterThanOrEqual(300);
    for (const list of Object.values(SENSITIVE_WORDS_BY_CATEGORY).slice(0, 5)) {
      expect(list.length).toBeGreaterThanOrEqual(40);
    }
    for (const w of ['赌博', '赌场', '网络赌博', '百家乐', '六合彩', '时时彩'])
      expect(SENSITIVE_WORDS).toContain(w);
    for (const w of ['毒品', '冰毒', '海洛因', '大麻', '摇头丸', 'k粉']) expect(SENSITIVE_WORDS).toContain(w);
    for (const w of ['刷单', '套现', '洗钱', '代开发票', '传销']) expect(SENSITIVE_WORDS).toContain(w);
    for (const w of ['色情', '裸聊', '约炮', '援交']) expect(SENSITIVE_WORDS).toContain(w);
    for (const w of ['枪支', '炸药', '爆炸物', '砍人']) expect(SENSITIVE_WORDS).toContain(w);
  });

  it('every seed word is found on its own, and no allowed phrase is flagged', () => {
    for (const w of SENSITIVE_WORDS) expect(censor.isClean(w), w).toBe(false);
    for (const p of ALLOWED_PHRASES) expect(censor.isClean(p), p).toBe(true);
  });

  it('stop words are single characters and serialise as JSON for the static file', () => {
    for (const s of STOP_WORDS) expect([...s]).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(STOP_WORDS))).toEqual([...STOP_WORDS]);
    for (const ch of [' ', '*', '-', '_', '.', '。', '，', '\u200B', '\u3000', '＊'])
      expect(STOP_WORDS).toContain(ch);
  });
});

describe('findSensitive', () => {
  it('finds plain words with positions in the original text', () => {
    const text = '周末一起去赌博吗';
    expect(censor.findSensitive(text)).toEqual([{ word: '赌博', start: 5, end: 7 }]);
  });

  it('ignores fillers between letters: spaces, symbols, CJK punctuation, zero-width characters', () => {
    for (const text of [
      '赌 博',
      '赌*博',
      '赌-博',
      '赌_博',
      '赌.博',
      '毒。品',
      '赌\u200B博',
      '赌\u3000博',
      '赌＊＊博',
      '赌 * 博',
      '毒♥品',
    ]) {
      const found = censor.findSensitive(text);
      expect(found.length, text).toBe(1);
      expect(found[0]!.start).toBe(0);
      expect(found[0]!.end).toBe(text.length);
    }
  });

  it('reports the span of a split word inside longer text, fillers included', () => {
    const text = '快来，网 络 赌 博，日赚千元';
    const found = censor.findSensitive(text);
    const net = found.find((m) => m.word === '网络赌博')!;
    expect(text.slice(net.start, net.end)).toBe('网 络 赌 博');
    expect(found.map((m) => m.word)).toEqual(['网络赌博', '赌博', '日赚千元']);
    const gamble = found.find((m) => m.word === '赌博')!;
    expect(text.slice(gamble.start, gamble.end)).toBe('赌 博');
  });

  it('normalises full-width/half-width and letter case (NFKC + lower case)', () => {
    expect(words('出售Ｋ粉')).toEqual(['k粉']);
    expect(words('出售K粉')).toEqual(['k粉']);
    expect(words('看ＡＶ女优')).toEqual(['av女优']);
    expect(words('TNT炸药')).toEqual(['tnt炸药', '炸药']);
    // Positions count UTF-16 units of the original, whatever the normalised form.
    const text = '𝟘号Ｋ 粉';
    const found = censor.findSensitive(text);
    expect(found).toHaveLength(1);
    expect(text.slice(found[0]!.start, found[0]!.end)).toBe('Ｋ 粉');
  });

  it('keeps correct offsets after astral characters (surrogate pairs) and emoji', () => {
    const text = '😀😀 今晚裸聊';
    const [m] = censor.findSensitive(text);
    expect(m).toBeDefined();
    expect(text.slice(m!.start, m!.end)).toBe('裸聊');
  });

  it('reads the words around emoji: an emoji between two letters is a filler', () => {
    for (const text of ['今晚裸😀聊', '今晚裸👍🏽聊', '今晚裸👨‍👩‍👧聊', '今晚裸🇨🇳聊']) {
      const [m] = censor.findSensitive(text);
      expect(m, text).toBeDefined();
      expect(text.slice(m!.start, m!.end), text).toBe(text.slice(2));
    }
    expect(censor.findSensitive('⭐⭐⭐⭐⭐ 桂花拿铁真好喝☕️')).toEqual([]);
  });

  it('does not flag ordinary copy', () => {
    const ordinary = [
      '姐妹们！这支口红真的绝了，黄皮显白，上嘴水润不拔干，通勤约会都能用～ #小红书种草 #口红试色',
      '周末带娃去博物馆，看了青铜器展，孩子说比动画片还好看。',
      '他跟我赌气，一整天没说话。',
      '这是个大麻烦，先别急着下结论。',
      '美白粉底液，持妆一整天，油皮亲妈',
      '公司严格执行反洗钱制度。',
      '本店推出特色情侣套餐，感情色彩浓厚的绿色情怀主题布置。',
      '我们提供个性服务，理性交易，一次性交易完成。',
      '天津大麻花真好吃，手机跑分很高，OK粉丝们点个赞，PK粉丝团。',
      '今天露点温度很高，记得开除湿机。',
      '支出千元以内的预算，去办证大厅排队。',
      'SK-II神仙水和网吧包夜都不在名单里。',
    ];
    for (const text of ordinary) expect(censor.findSensitive(text), text).toEqual([]);
  });

  it('a listed longer term still wins over an allowed phrase inside it', () => {
    expect(words('传播色情节目')).toContain('色情节目');
    expect(words('不要看色情片')).toEqual(['色情', '色情片'].sort((a, b) => b.length - a.length));
  });

  it('does not join letters across a long run of fillers', () => {
    expect(censor.isClean(`赌${' '.repeat(20)}博`)).toBe(true);
    expect(censor.isClean(`赌${' '.repeat(5)}博`)).toBe(false);
  });

  it('a Latin-edged word must not be glued to other Latin letters', () => {
    expect(censor.isClean('ok粉丝')).toBe(true);
    expect(censor.isClean('o k粉')).toBe(false);
    expect(censor.isClean('卖k粉')).toBe(false);
  });

  it('finds overlapping words and sorts by start', () => {
    const found = censor.findSensitive('地下六合彩和时时彩');
    expect(found.map((m) => [m.word, m.start, m.end])).toEqual([
      ['地下六合彩', 0, 5],
      ['六合彩', 2, 5],
      ['时时彩', 6, 9],
    ]);
  });

  it('handles empty and filler-only text', () => {
    expect(censor.findSensitive('')).toEqual([]);
    expect(censor.findSensitive('   ***。。')).toEqual([]);
  });
});

describe('isClean and mask', () => {
  it('isClean is the negation of any match', () => {
    expect(censor.isClean('今天天气不错')).toBe(true);
    expect(censor.isClean('代 开 发 票')).toBe(false);
  });

  it('masks every code point of a match, fillers inside it included', () => {
    expect(censor.mask('来玩赌*博吧')).toBe('来玩***吧');
    expect(censor.mask('😀冰毒', '□')).toBe('😀□□');
    expect(censor.mask('干净的文字')).toBe('干净的文字');
  });
});

describe('rebuild', () => {
  it('swaps in an edited list', () => {
    const c = createCensor({ words: ['测试词'] });
    expect(c.isClean('赌博')).toBe(true);
    expect(c.isClean('测 试 词')).toBe(false);
    expect(c.size).toBe(1);
    c.rebuild({ words: ['赌气', '新词汇'] });
    expect(c.isClean('测试词')).toBe(true);
    expect(c.findSensitive('他在赌气')).toEqual([{ word: '赌气', start: 2, end: 4 }]);
    expect(c.size).toBe(2);
  });

  it('drops single letters and duplicates that differ only by width or case', () => {
    const c = createCensor({ words: ['赌', 'AB词', 'ａｂ词', 'ab词'] });
    expect(c.size).toBe(1);
    expect(c.isClean('赌')).toBe(true);
  });

  it('can change the stop words and the allowed phrases', () => {
    const c = createCensor({ words: ['赌博'], stopWords: [' '], allowed: [] });
    expect(c.isClean('赌 博')).toBe(false);
    // '#' is no longer a listed filler (punctuation is not skipped unless listed).
    expect(c.isClean('赌#博')).toBe(true);
    c.rebuild({ allowed: ['赌博游戏'] });
    expect(c.isClean('赌博游戏')).toBe(true);
    expect(c.isClean('赌博')).toBe(false);
  });

  it('instances do not share state', () => {
    const a = createCensor({ words: ['甲乙'] });
    const b = createCensor({ words: ['丙丁'] });
    expect(a.isClean('丙丁')).toBe(true);
    expect(b.isClean('甲乙')).toBe(true);
  });
});

describe('scale', () => {
  it('scans a 100k-character text quickly', () => {
    const text = '这是一段普通的种草文案，讲述了博物馆的故事。'.repeat(5000) + '赌博';
    const t0 = performance.now();
    const found = censor.findSensitive(text);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(found).toHaveLength(1);
    expect(found[0]!.start).toBe(text.length - 2);
  });
});
