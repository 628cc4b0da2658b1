import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { seedTranslations } from '../../platform/i18n/stored-translations.js';
import { drawPrizes, mallItems, voteOptions } from './activity.table.js';
import { ACTIVITY_CATALOGUE } from './activity.translations.js';

const img = (name: string) => `/static/activity/${name}.svg`;

/** Points mall items (demo content; operators manage them with `/api/sysPointsMall/*`). */
const SEED_MALL_ITEMS = [
  {
    seedKey: 'video-vip-month',
    name: '视频会员月卡',
    description: '30 天会员权益：AI 视频、配音不限次数',
    image: img('mall-video-vip-month'),
    kind: 'vip',
    amount: 30,
    points: 3000,
    stock: 50,
    limitPerUser: 1,
  },
  {
    seedKey: 'vip-week',
    name: '7 天会员体验卡',
    description: '7 天会员权益，先体验再决定',
    image: img('mall-vip-week'),
    kind: 'vip',
    amount: 7,
    points: 800,
    stock: 200,
    limitPerUser: 2,
  },
  {
    seedKey: 'gold-pack',
    name: '金币包（12000 金币）',
    description: '可用于生成视频、AI 配音等付费功能',
    image: img('mall-gold-pack-12000'),
    kind: 'gold',
    amount: 12000,
    points: 500,
    stock: 999,
    limitPerUser: 0,
  },
  {
    seedKey: 'coupon-10',
    name: '会员优惠券 10 元',
    description: '开通任意会员套餐立减 10 元',
    image: img('mall-coupon-10'),
    kind: 'coupon',
    amount: 1000,
    points: 300,
    stock: 500,
    limitPerUser: 3,
  },
  {
    seedKey: 'canvas-bag',
    name: 'AI创作家帆布袋',
    description: '加厚帆布，可装 15 寸电脑，7 个工作日内发货',
    image: img('mall-canvas-bag'),
    kind: 'physical',
    amount: 0,
    points: 1200,
    stock: 100,
    limitPerUser: 1,
  },
  {
    seedKey: 'thermos-cup',
    name: '316 不锈钢保温杯',
    description: '450ml，12 小时保温，7 个工作日内发货',
    image: img('mall-thermos-cup'),
    kind: 'physical',
    amount: 0,
    points: 2500,
    stock: 30,
    limitPerUser: 1,
  },
  {
    seedKey: 'notebook',
    name: '定制笔记本',
    description: 'A5 · 160 页，封面印有你的昵称',
    image: img('mall-notebook'),
    kind: 'physical',
    amount: 0,
    points: 900,
    stock: 80,
    limitPerUser: 2,
  },
] as const;

/**
 * Lucky wheel, 8 slots clockwise from the top; weights sum to 1000 (per-mille odds). Gold prizes at the gold price
 * of issue 37 (1200 gold a yuan); `seedKey`s stay, so an install that has them keeps its own.
 */
const SEED_PRIZES = [
  {
    seedKey: 'gold-100',
    slot: 0,
    name: '1200 金币',
    image: img('prize-gold-1200'),
    kind: 'gold',
    amount: 1200,
    weight: 150,
    stock: null,
  },
  {
    seedKey: 'thanks',
    slot: 1,
    name: '谢谢参与',
    image: img('prize-thanks'),
    kind: 'none',
    amount: 0,
    weight: 350,
    stock: null,
  },
  {
    seedKey: 'points-10',
    slot: 2,
    name: '10 积分',
    image: img('prize-points-10'),
    kind: 'points',
    amount: 10,
    weight: 250,
    stock: null,
  },
  {
    seedKey: 'vip-3day',
    slot: 3,
    name: '3 天会员',
    image: img('prize-vip-3day'),
    kind: 'vip',
    amount: 3,
    weight: 40,
    stock: 100,
  },
  {
    seedKey: 'points-50',
    slot: 4,
    name: '50 积分',
    image: img('prize-points-50'),
    kind: 'points',
    amount: 50,
    weight: 120,
    stock: null,
  },
  {
    seedKey: 'coupon-5',
    slot: 5,
    name: '5 元优惠券',
    image: img('prize-coupon-5'),
    kind: 'coupon',
    amount: 500,
    weight: 60,
    stock: 200,
  },
  {
    seedKey: 'gold-500',
    slot: 6,
    name: '6000 金币',
    image: img('prize-gold-6000'),
    kind: 'gold',
    amount: 6000,
    weight: 25,
    stock: null,
  },
  {
    seedKey: 'thermos-cup',
    slot: 7,
    name: '保温杯',
    image: img('prize-thermos-cup'),
    kind: 'item',
    amount: 0,
    weight: 5,
    stock: 5,
  },
] as const;

/** Food vote dishes. */
const SEED_VOTE_OPTIONS = [
  {
    seedKey: 'mapo-tofu',
    name: '麻婆豆腐',
    description: '川菜经典，麻、辣、烫、香、酥、嫩、鲜',
    image: img('vote-mapo-tofu'),
  },
  {
    seedKey: 'peking-duck',
    name: '北京烤鸭',
    description: '果木挂炉，皮脆肉嫩，卷饼蘸酱',
    image: img('vote-peking-duck'),
  },
  {
    seedKey: 'xiaolongbao',
    name: '小笼包',
    description: '皮薄馅大，先开窗再喝汤',
    image: img('vote-xiaolongbao'),
  },
  {
    seedKey: 'chongqing-hotpot',
    name: '重庆火锅',
    description: '牛油红汤九宫格，毛肚七上八下',
    image: img('vote-chongqing-hotpot'),
  },
  {
    seedKey: 'lanzhou-noodles',
    name: '兰州牛肉面',
    description: '一清二白三红四绿五黄',
    image: img('vote-lanzhou-noodles'),
  },
  {
    seedKey: 'shrimp-dumpling',
    name: '广式虾饺',
    description: '水晶外皮包着整只鲜虾',
    image: img('vote-shrimp-dumpling'),
  },
  {
    seedKey: 'jianbing',
    name: '煎饼果子',
    description: '绿豆面糊、鸡蛋、薄脆，天津早餐',
    image: img('vote-jianbing'),
  },
  {
    seedKey: 'pickled-fish',
    name: '酸菜鱼',
    description: '老坛酸菜配鲜嫩鱼片，酸辣开胃',
    image: img('vote-pickled-fish'),
  },
] as const;

/**
 * Seeds the activity content of a tenant; rows already there (by seed key) are left as operators set them, except
 * that a row an earlier release stored without translations, and still named as seeded, gets them.
 */
export const seedActivities = async (db: Db, tenantId: number, now: Date) => {
  await db
    .insert(mallItems)
    .values(
      SEED_MALL_ITEMS.map((item, index) => ({
        ...item,
        tenantId,
        sort: (index + 1) * 10,
        i18n: seedTranslations(ACTIVITY_CATALOGUE, { name: item.name, description: item.description }),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [mallItems.tenantId, mallItems.seedKey],
      set: { i18n: sql`excluded.i18n` },
      setWhere: sql`${mallItems.i18n} = '{}'::jsonb AND ${mallItems.name} = excluded.name`,
    });
  await db
    .insert(drawPrizes)
    .values(
      SEED_PRIZES.map((prize) => ({
        ...prize,
        tenantId,
        i18n: seedTranslations(ACTIVITY_CATALOGUE, { name: prize.name }),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [drawPrizes.tenantId, drawPrizes.seedKey],
      set: { i18n: sql`excluded.i18n` },
      setWhere: sql`${drawPrizes.i18n} = '{}'::jsonb AND ${drawPrizes.name} = excluded.name`,
    });
  await db
    .insert(voteOptions)
    .values(
      SEED_VOTE_OPTIONS.map((option, index) => ({
        ...option,
        tenantId,
        sort: (index + 1) * 10,
        i18n: seedTranslations(ACTIVITY_CATALOGUE, { name: option.name, description: option.description }),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [voteOptions.tenantId, voteOptions.seedKey],
      set: { i18n: sql`excluded.i18n` },
      setWhere: sql`${voteOptions.i18n} = '{}'::jsonb AND ${voteOptions.name} = excluded.name`,
    });
};
