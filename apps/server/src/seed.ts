import { and, eq, sql } from 'drizzle-orm';
import { CommonInfoCategory, DEFAULT_TENANT_ID, ROBOT_USER_ID, SERVICE_USER_ID } from '@app/contract';
import type { Db } from './platform/db/client.js';
import { tenants } from './platform/db/tenant.table.js';
import { hashPassword } from './platform/auth/password.js';
import { users } from './platform/identity/identity.table.js';
import { changeBalance } from './platform/wallet/balance.js';
import { commonInfo } from './schema.js';
import { seedTranslations } from './platform/i18n/stored-translations.js';
import { COMMON_INFO_CATALOGUE } from './modules/common-info/index.js';
import { seedPromptTemplates } from './modules/chat/index.js';
import { seedPlaza } from './modules/plaza/index.js';
import { DICTIONARY_CATALOGUE, seedDictionaries } from './modules/dictionary/index.js';
import { createCensorRepositories, seedSensitiveWords } from './modules/censor/index.js';
import { seedActivities } from './modules/activity/index.js';
import { seedCommerce } from './modules/commerce/index.js';

const DAY = 86400_000;

interface SeedUser {
  id?: number;
  account: string | null;
  phone: string | null;
  password: string | null;
  nickName: string;
  introduction?: string;
  roles: string[];
  gold?: number;
  points?: number;
  vipDays?: number;
}

/** Seeds the default tenant, system profiles and operator always; demo content when `demo` is on. Idempotent. */
export const seedDatabase = async (db: Db, options: { adminPassword: string; demo: boolean; now: Date }) => {
  await db.insert(tenants).values({ id: DEFAULT_TENANT_ID, name: '默认租户' }).onConflictDoNothing();
  await seedPromptTemplates(db, DEFAULT_TENANT_ID);
  await seedDictionaries(db, DEFAULT_TENANT_ID, options.now);
  await seedSensitiveWords(createCensorRepositories(db), DEFAULT_TENANT_ID, options.now);
  await seedCommerce(db, DEFAULT_TENANT_ID);

  const people: SeedUser[] = [
    {
      id: ROBOT_USER_ID,
      account: 'robot',
      phone: null,
      password: null,
      nickName: 'AI 创作助手',
      roles: ['system'],
    },
    {
      id: SERVICE_USER_ID,
      account: 'service',
      phone: null,
      password: null,
      nickName: '在线客服',
      roles: ['system'],
    },
    {
      account: 'admin',
      phone: null,
      password: options.adminPassword,
      nickName: '运营管理员',
      roles: ['admin'],
    },
  ];
  if (options.demo) {
    people.push(
      {
        account: 'demo',
        phone: '13800000000',
        password: 'demo123456',
        nickName: '演示用户',
        introduction: '喜欢用 AI 写文案、画插画的普通人',
        roles: ['user'],
        gold: 120000,
        points: 1000,
      },
      {
        account: 'demovip',
        phone: '13800000001',
        password: 'demo123456',
        nickName: '会员小周',
        introduction: '短视频创作者，每天更新一条 AI 视频',
        roles: ['user'],
        gold: 60000,
        points: 500,
        vipDays: 365,
      },
    );
  }

  for (const person of people) {
    const existing = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, DEFAULT_TENANT_ID), eq(users.account, person.account ?? '')))
      .limit(1);
    if (existing.length) continue;
    const passwordHash = person.password ? await hashPassword(person.password) : null;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          ...(person.id ? { id: person.id } : {}),
          tenantId: DEFAULT_TENANT_ID,
          account: person.account,
          phone: person.phone,
          passwordHash,
          nickName: person.nickName,
          introduction: person.introduction ?? null,
          roles: person.roles,
          vipLevel: person.vipDays ? 1 : 0,
          vipExpireAt: person.vipDays ? new Date(options.now.getTime() + person.vipDays * DAY) : null,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row) return;
      for (const currency of ['gold', 'points'] as const) {
        const amount = person[currency];
        if (amount) {
          await changeBalance(tx, {
            at: options.now,
            tenantId: DEFAULT_TENANT_ID,
            userId: row.id,
            currency,
            amount,
            reason: 'welcome_gift',
          });
        }
      }
    });
  }

  // The robot's and customer service's display names in zh-Hant, en, es and fr (the same words as their
  // dictionary profiles), given while they are still named as seeded: an operator's own name stays as written.
  for (const person of people.filter((p) => p.id === ROBOT_USER_ID || p.id === SERVICE_USER_ID)) {
    const i18n = seedTranslations(DICTIONARY_CATALOGUE, { nickName: person.nickName });
    await db
      .update(users)
      .set({ metadata: sql`${users.metadata} || ${JSON.stringify({ i18n })}::jsonb` })
      .where(and(eq(users.id, person.id!), eq(users.nickName, person.nickName), sql`NOT (${users.metadata} ? 'i18n')`));
  }

  if (options.demo) await seedCommonInfo(db);
  if (options.demo) await seedPlaza(db, options.now);
  if (options.demo) await seedActivities(db, DEFAULT_TENANT_ID, options.now);
};

const seedCommonInfo = async (db: Db) => {
  const rows = [
    {
      seedKey: 'banner-1',
      categoryId: CommonInfoCategory.Banner,
      sort: 1,
      title: 'AI 一键成片，写文案做视频只要一分钟',
      cover: '/static/images/banner-video.svg',
      link: '/media/video/index',
      content: '',
    },
    {
      seedKey: 'banner-2',
      categoryId: CommonInfoCategory.Banner,
      sort: 2,
      title: '每日签到领积分，积分商城好礼兑不停',
      cover: '/static/images/banner-sign.svg',
      link: '/activity/sign/index',
      content: '',
    },
    {
      seedKey: 'banner-3',
      categoryId: CommonInfoCategory.Banner,
      sort: 3,
      title: '开通会员，AI 创作不限次数',
      cover: '/static/images/banner-vip.svg',
      link: '/pages/index/vip/index',
      content: '',
    },
    {
      seedKey: 'notice-1',
      categoryId: CommonInfoCategory.Notice,
      sort: 1,
      title: '新版本上线：AI 配音支持粤语和英语',
      cover: null,
      link: '/set/logs',
      content: '本次更新带来了更自然的配音音色、更快的成片速度，并修复了若干已知问题。',
    },
    {
      seedKey: 'notice-2',
      categoryId: CommonInfoCategory.Notice,
      sort: 2,
      title: '广场公约：友善交流，原创优先',
      cover: null,
      link: null,
      content: '请勿发布广告、违法违规及侵权内容，违规内容将被下架处理。',
    },
    {
      seedKey: 'help-1',
      categoryId: CommonInfoCategory.Help,
      sort: 1,
      title: '每天可以免费提问几次？',
      cover: null,
      link: null,
      content: '普通用户每天可免费向 AI 助手提问 5 次，每天零点（北京时间）重置；开通会员后不限次数。',
    },
    {
      seedKey: 'help-2',
      categoryId: CommonInfoCategory.Help,
      sort: 2,
      title: '金币和积分有什么区别？',
      cover: null,
      link: null,
      content:
        '金币通过购买套餐获得，可用于生成视频、配音等付费功能；积分通过签到、活动获得，可在积分商城兑换礼品或参与幸运大转盘。',
    },
    {
      seedKey: 'help-3',
      categoryId: CommonInfoCategory.Help,
      sort: 3,
      title: '生成的视频会保存多久？',
      cover: null,
      link: null,
      content: '生成的视频会在云端保存一段时间，过期后将无法下载，请及时保存到手机相册。',
    },
    {
      seedKey: 'help-4',
      categoryId: CommonInfoCategory.Help,
      sort: 4,
      title: '如何进行实名认证？',
      cover: null,
      link: '/auth/index',
      content: '进入“我的-设置-实名认证”，填写真实姓名和身份证号并提交，审核通过后即可使用全部功能。',
    },
    {
      seedKey: 'help-5',
      categoryId: CommonInfoCategory.Help,
      sort: 5,
      title: '如何注销账号？',
      cover: null,
      link: '/set/account/logout-known',
      content:
        '进入“设置-账号管理-注销账号”，阅读注销须知并确认后即可注销。注销后个人资料将被清除且无法恢复。',
    },
  ];
  await db
    .insert(commonInfo)
    .values(
      rows.map((row) => ({
        ...row,
        tenantId: DEFAULT_TENANT_ID,
        i18n: seedTranslations(COMMON_INFO_CATALOGUE, { title: row.title, content: row.content }),
      })),
    )
    // A row an earlier release stored without translations, still titled as seeded, gets them.
    .onConflictDoUpdate({
      target: [commonInfo.tenantId, commonInfo.seedKey],
      set: { i18n: sql`excluded.i18n` },
      setWhere: sql`${commonInfo.i18n} = '{}'::jsonb AND ${commonInfo.title} = excluded.title`,
    });
};
