import { describe, expect, it } from 'vitest';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { composeOffline, OFFLINE_KINDS, OFFLINE_SIGNATURE } from './offline-composer.js';
import { seededRandom } from '../../seeded-random.js';
import type { GenerationContext } from './text-generator.js';
import { danglingClauses } from '../../../test/text-checks.js';

const jieba = Jieba.withDict(dict);
// Set phrases of sales copy the general dictionary splits ("手慢无": who is slow gets none).
jieba.loadDict(Buffer.from('手慢无 20000 l'));
const tag = (clause: string) => jieba.tag(clause, true);
const dangling = (text: string) => danglingClauses(text.replace(OFFLINE_SIGNATURE, ''), tag);

/** Requests put together from parts, so that places, verbs, occasions, genres and limits meet in many ways. */
const CITIES = ['杭州', '成都', '上海', '苏州', '大理', '青岛', '长沙', '厦门'];
const SHOPS = ['咖啡店', '民宿', '火锅店', '花店', '面包房', '书店', '健身房', '宠物医院', '奶茶店', '瑜伽馆'];
const PRODUCTS = ['无线降噪耳机', '便携咖啡机', '手工曲奇', '扫地机器人', '蓝牙音箱', '护手霜', '保温杯'];
const OCCASIONS = ['开业', '周年庆', '上新', '中秋节', '双十一', '会员日', ''];
const GENRES = ['朋友圈文案', '小红书笔记', '五星好评', '口播', '广告语', '标题', '文案', '促销文案', '微博'];
const LIMITS = ['', '，50字以内', '，30字以内', '，不超过80字', '，100字左右'];
const DETAILS = ['', '，突出环境安静', '，强调低糖和酥脆', '，提一下周末的手冲咖啡体验课', '，主打性价比'];

const requestsFrom = (random: () => number, count: number): string[] => {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const shapes = [
    () => `我在${pick(CITIES)}开了一家${pick(SHOPS)}，帮我写${pick(GENRES)}${pick(LIMITS)}`,
    () => `给我在${pick(CITIES)}开的${pick(SHOPS)}写个${pick(GENRES)}${pick(DETAILS)}`,
    () => `帮我给${pick(SHOPS)}${pick(OCCASIONS)}写${pick(GENRES)}${pick(LIMITS)}`,
    () => `帮我写一条${pick(PRODUCTS)}的${pick(GENRES)}${pick(DETAILS)}${pick(LIMITS)}`,
    () => `我们在${pick(CITIES)}新开了${pick(SHOPS)}，${pick(OCCASIONS)}想发个${pick(GENRES)}`,
    () => `写一段关于${pick(CITIES)}${pick(['秋天', '周末', '夜市', '露营'])}的${pick(GENRES)}`,
  ];
  return Array.from({ length: count }, () => pick(shapes)());
};

/** Template runs of every offline kind with fields a user might type. */
const templateRun = (kind: string, random: () => number) => {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const subject = pick([...SHOPS, ...PRODUCTS]);
  return {
    question: pick(['', '顺便提一下周末活动', `我在${pick(CITIES)}开了一家店`]),
    template: { code: kind, kind, title: kind },
    fields: {
      topic: subject,
      product: subject,
      shop: subject,
      brand: subject,
      highlights: pick(['环境安静、咖啡好喝', '低糖、酥脆', '续航长、音质好']),
      location: pick(CITIES),
    },
  };
};

describe('offline answers read as whole Chinese sentences', () => {
  it('the check finds the dangling fragment users saw, and passes whole sentences', () => {
    expect(dangling('杭州开，是最想分享给你的部分。')).toEqual(['杭州开']);
    expect(dangling('我们把，')).toEqual(['我们把']);
    expect(dangling('咖啡和')).toEqual(['咖啡和']);
    expect(dangling('咖啡店今天正式开门迎客啦！杭州的秋天，是最想分享给你的部分。等你来。')).toEqual([]);
  });

  it('200 varied answers (free requests, template runs, seeds) have no dangling fragment', () => {
    const random = seededRandom(2027);
    const contexts: GenerationContext[] = [
      ...requestsFrom(random, 150).map((question, i) => ({ question, seed: i * 7919 })),
      ...Array.from({ length: 50 }, (_, i) => ({
        ...templateRun(OFFLINE_KINDS[i % OFFLINE_KINDS.length]!, random),
        seed: i * 104729,
      })),
    ];
    expect(contexts).toHaveLength(200);
    const found: string[] = [];
    for (const ctx of contexts) {
      const answer = composeOffline(ctx);
      for (const clause of dangling(answer)) found.push(`${clause}  ←  ${ctx.question || ctx.template?.kind}`);
    }
    expect(found).toEqual([]);
  });
});
