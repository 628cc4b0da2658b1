import { and, eq, sql } from 'drizzle-orm';
import { CouponType, ObtainMethod } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { seedTranslations } from '../../platform/i18n/stored-translations.js';
import { ambassadorTasks, couponTemplates, goldPackages, userCoupons } from './commerce.table.js';
import { COMMERCE_CATALOGUE } from './commerce.translations.js';

type PackageSeed = Omit<typeof goldPackages.$inferInsert, 'tenantId'>;

/**
 * Packages of a fresh install (prices in fen). `code` keeps the seed idempotent: an install that has them keeps
 * its own. Gold sells at 1200 gold a yuan or more (issue 37: a one-minute video, 300 words × 20 gold, costs at most
 * ¥5 at the smallest pack), and each VIP month includes 30000 gold, five one-minute videos.
 */
const SEED_PACKAGES: PackageSeed[] = [
  {
    code: 'vip_month',
    name: '月卡会员',
    packageType: 'vip',
    description: '30 天会员：AI 提问不限次数、高清无品牌水印导出（AI 生成标识保留）、会员专属音色',
    priceFen: 2500,
    originalPriceFen: 3000,
    gold: 30000,
    vipDays: 30,
    vipLevel: 1,
    tags: ['热销'],
    orderNo: 1,
    metadata: { os: 'all' },
  },
  {
    code: 'vip_quarter',
    name: '季卡会员',
    packageType: 'vip',
    description: '90 天会员，平均每月不到 23 元',
    priceFen: 6800,
    originalPriceFen: 9000,
    gold: 90000,
    vipDays: 90,
    vipLevel: 1,
    tags: ['超值'],
    orderNo: 2,
    metadata: { os: 'all' },
  },
  {
    code: 'vip_year',
    name: '年卡会员',
    packageType: 'vip',
    description: '365 天会员，含 360000 金币，全年最划算',
    priceFen: 19800,
    originalPriceFen: 36000,
    gold: 360000,
    vipDays: 365,
    vipLevel: 2,
    tags: ['推荐', '送金币'],
    orderNo: 3,
    metadata: { os: 'all' },
  },
  {
    code: 'vip_month_ios',
    name: '月卡会员（iOS）',
    packageType: 'vip',
    description: '苹果设备专用，30 天会员',
    priceFen: 3000,
    originalPriceFen: null,
    gold: 30000,
    vipDays: 30,
    vipLevel: 1,
    tags: [],
    orderNo: 4,
    metadata: { os: 'ios', productId: 'com.aichuang.vip.month' },
  },
  {
    code: 'gold_1000',
    name: '12000 金币',
    packageType: 'gold',
    description: '金币可用于生成视频、AI 配音和绘画',
    priceFen: 1000,
    originalPriceFen: null,
    gold: 12000,
    tags: [],
    orderNo: 10,
    metadata: { os: 'all' },
  },
  {
    code: 'gold_5000',
    name: '60000 金币',
    packageType: 'gold',
    description: '大额金币包，立省 5 元',
    priceFen: 4500,
    originalPriceFen: 5000,
    gold: 60000,
    tags: ['9折'],
    orderNo: 11,
    metadata: { os: 'all' },
  },
  {
    code: 'gold_android_bonus',
    name: '限时特惠 39600 金币',
    packageType: 'promotion',
    description: '限时特惠，多送 3600 金币',
    priceFen: 3000,
    originalPriceFen: 3300,
    gold: 39600,
    // Listed for os android (spec §9: the app asks os=android), so the web shows it too: nothing says a platform.
    tags: ['限时'],
    orderNo: 12,
    metadata: { os: 'android' },
  },
  {
    code: 'vip_week',
    name: '周卡会员',
    packageType: 'vip',
    description: '7 天会员（已下架）',
    priceFen: 800,
    originalPriceFen: null,
    gold: 7000,
    vipDays: 7,
    vipLevel: 1,
    tags: [],
    status: 0,
    orderNo: 5,
    metadata: { os: 'all' },
  },
  {
    code: 'free_daily',
    name: '每日免费金币',
    packageType: 'free',
    description: '每天可免费领取一次，600 金币',
    priceFen: 0,
    originalPriceFen: null,
    gold: 600,
    tags: ['免费'],
    obtainMethod: ObtainMethod.Free,
    orderNo: 20,
    metadata: { os: 'all' },
  },
];

/**
 * Redeemable coupon templates; their codes are the values of the app_coupon dictionary the welfare page shows.
 * Discount values are per-mille paid (800 = 8折).
 */
const SEED_COUPONS = [
  {
    code: 'NEW_USER_10',
    name: '新人专享券',
    description: '购买任意套餐立减 10 元',
    type: CouponType.Cash,
    value: 1000,
    threshold: 0,
    validDays: 7,
    stock: null,
    packageCode: null,
  },
  {
    code: 'VIP_80',
    name: '会员 8 折券',
    description: '开通会员套餐享 8 折',
    type: CouponType.Discount,
    value: 800,
    threshold: 0,
    validDays: 30,
    stock: 1000,
    packageCode: null,
  },
  {
    code: 'FULL_50_10',
    name: '满 50 减 10',
    description: '单笔满 50 元可用',
    type: CouponType.Threshold,
    value: 1000,
    threshold: 5000,
    validDays: 15,
    stock: null,
    packageCode: null,
  },
  {
    code: 'PACKAGE_MONTH',
    name: '月卡体验券',
    description: '免费开通 1 个月会员',
    type: CouponType.Package,
    value: 0,
    threshold: 0,
    validDays: 30,
    stock: 100,
    packageCode: 'vip_month',
  },
] as const;

const SEED_TASKS = [
  {
    code: 'note_post',
    title: '发布一篇种草笔记',
    description: '在小红书、抖音或微博发布一篇 AI创作家 使用体验，带话题 #AI创作家',
    steps: [
      '用 AI创作家 生成一段文案或一张图片',
      '发布到你的社交账号并带上话题 #AI创作家',
      '上传发布页面截图，等待审核',
    ],
    rewardGold: 3600,
    rewardVipDays: 0,
    orderNo: 1,
  },
  {
    code: 'video_post',
    title: '分享一条 AI 成片视频',
    description: '用“文章成片”生成视频并发布到视频平台，播放量不少于 100',
    steps: ['用文章成片生成一条视频', '发布到抖音、快手或视频号', '播放量达到 100 后上传截图'],
    rewardGold: 6000,
    rewardVipDays: 0,
    orderNo: 2,
  },
  {
    code: 'invite_friends',
    title: '邀请 3 位好友注册',
    description: '分享你的推荐码海报，3 位好友注册后上传邀请记录截图',
    steps: ['在“我的推荐码”生成分享海报', '邀请 3 位好友注册并填写推荐码', '上传邀请记录截图'],
    rewardGold: 0,
    rewardVipDays: 7,
    orderNo: 3,
  },
];

/**
 * Idempotent: rows that exist (by code) are left as operators edited them, except that a package, coupon template
 * or ambassador task an earlier release stored without translations, and still named as seeded, gets them.
 */
export const seedCommerce = async (db: Db, tenantId: number) => {
  await db
    .insert(goldPackages)
    .values(
      SEED_PACKAGES.map((p) => ({
        ...p,
        tenantId,
        i18n: seedTranslations(COMMERCE_CATALOGUE, {
          name: p.name,
          description: p.description,
          tags: p.tags,
        }),
      })),
    )
    .onConflictDoUpdate({
      target: [goldPackages.tenantId, goldPackages.code],
      set: { i18n: sql`excluded.i18n` },
      setWhere: sql`${goldPackages.i18n} = '{}'::jsonb AND ${goldPackages.name} = excluded.name`,
    });
  for (const c of SEED_COUPONS) {
    let packageId: number | null = null;
    if (c.packageCode) {
      const [pkg] = await db
        .select({ id: goldPackages.id })
        .from(goldPackages)
        .where(and(eq(goldPackages.tenantId, tenantId), eq(goldPackages.code, c.packageCode)));
      packageId = pkg?.id ?? null;
    }
    await db
      .insert(couponTemplates)
      .values({
        tenantId,
        code: c.code,
        name: c.name,
        description: c.description,
        type: c.type,
        value: c.value,
        threshold: c.threshold,
        validDays: c.validDays,
        stock: c.stock,
        packageId,
        perUserLimit: 1,
        i18n: seedTranslations(COMMERCE_CATALOGUE, { name: c.name, description: c.description }),
      })
      .onConflictDoUpdate({
        target: [couponTemplates.tenantId, couponTemplates.code],
        set: { i18n: sql`excluded.i18n` },
        setWhere: sql`${couponTemplates.i18n} = '{}'::jsonb AND ${couponTemplates.name} = excluded.name`,
      });
  }
  // Coupons users hold, copied from a template before it had translations, take them while still named alike.
  await db.execute(sql`
    UPDATE ${userCoupons} SET i18n = t.i18n
    FROM ${couponTemplates} t
    WHERE ${userCoupons.templateId} = t.id AND ${userCoupons.tenantId} = ${tenantId}
      AND ${userCoupons.i18n} = '{}'::jsonb AND t.i18n <> '{}'::jsonb
      AND ${userCoupons.name} = t.name AND ${userCoupons.description} = t.description`);
  // A task an earlier release stored without translations, and still titled as seeded, gets them.
  await db
    .insert(ambassadorTasks)
    .values(
      SEED_TASKS.map((t) => ({
        ...t,
        tenantId,
        i18n: seedTranslations(COMMERCE_CATALOGUE, {
          title: t.title,
          description: t.description,
          steps: t.steps,
        }),
      })),
    )
    .onConflictDoUpdate({
      target: [ambassadorTasks.tenantId, ambassadorTasks.code],
      set: { i18n: sql`excluded.i18n` },
      setWhere: sql`${ambassadorTasks.i18n} = '{}'::jsonb AND ${ambassadorTasks.title} = excluded.title`,
    });
};
