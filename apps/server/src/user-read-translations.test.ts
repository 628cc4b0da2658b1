import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CommonInfoCategory, DEFAULT_TENANT_ID, ROBOT_USER_ID, SERVICE_USER_ID } from '@app/contract';
import { createTestApp, json, type TestApp } from './test/build-app.js';
import { commonInfo, couponTemplates, drawPrizes, goldPackages, mallItems, promptTemplates, userCoupons, voteOptions } from './schema.js';
import { bearer, tokenFor } from './test/tokens.js';
import { seedDatabase } from './seed.js';
import { users } from './platform/identity/identity.table.js';

/**
 * Server-provided names users read come in their language (Accept-Language), from translations stored with each
 * row, with the zh-Hans original as the fallback: packages and their badges, banners and notices, copy templates
 * and their categories (with their fields' labels, placeholders and examples), points-mall items, lucky-wheel prizes, food-vote dishes, coupon templates and the coupons
 * users hold, the robot's and customer service's names and customer service's notices. (Dictionaries:
 * modules/dictionary/dictionary.test.ts.)
 */
describe('texts users read, in their language', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async <T>(url: string, language?: string, body?: unknown) => {
    const res = await app.inject({
      method: body ? 'POST' : 'GET',
      url,
      headers: { ...(language ? { 'accept-language': language } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    expect(res.statusCode, url).toBe(200);
    return json<T>(res).result;
  };

  describe('packages', () => {
    type Pkg = { id: number; name: string; description: string; tags: string[]; priceFen: number };
    it('names, descriptions and badges follow Accept-Language; prices do not', async () => {
      const zh = await get<Pkg[]>('/api/sysGoldPackage/list?os=android');
      const en = await get<Pkg[]>('/api/sysGoldPackage/list?os=android', 'en-GB,en;q=0.9');
      const month = (list: Pkg[]) => list.find((p) => p.priceFen === zh.find((z) => z.name === '月卡会员')!.priceFen)!;
      expect(month(zh)).toMatchObject({ name: '月卡会员', tags: ['热销'] });
      expect(month(en)).toMatchObject({ name: 'Monthly membership', tags: ['Best seller'] });
      expect(month(en).description).toMatch(/^30 days: unlimited AI questions/);
      expect(en.map((p) => p.priceFen)).toEqual(zh.map((p) => p.priceFen));
      expect((await get<Pkg[]>('/api/sysGoldPackage/list?os=android', 'fr')).find((p) => p.id === month(zh).id)!.name).toBe('Adhésion mensuelle');
      expect((await get<Pkg[]>('/api/sysGoldPackage/list?os=android', 'zh-TW')).find((p) => p.id === month(zh).id)!.name).toBe('月卡會員');
      const detail = await get<Pkg>(`/api/sysGoldPackage/detail?id=${month(zh).id}`, 'es');
      expect(detail.name).toBe('Membresía mensual');
      const page = await get<{ items: Pkg[] }>('/api/sysGoldPackage/page', 'en', { page: 1, pageSize: 50 });
      expect(page.items.find((p) => p.id === month(zh).id)!.name).toBe('Monthly membership');
    });

    it('a package without a translation keeps its zh-Hans name in every language', async () => {
      const [row] = await app.platform.db
        .update(goldPackages)
        .set({ i18n: {} })
        .where(and(eq(goldPackages.tenantId, DEFAULT_TENANT_ID), eq(goldPackages.code, 'gold_5000')))
        .returning({ id: goldPackages.id });
      expect((await get<Pkg>(`/api/sysGoldPackage/detail?id=${row!.id}`, 'en')).name).toBe('60000 金币');
      // Re-seeding gives it back the translations an earlier release did not store.
      await seedDatabase(app.platform.db, { adminPassword: 'Admin@12345', demo: true, now: app.platform.clock.now() });
      expect((await get<Pkg>(`/api/sysGoldPackage/detail?id=${row!.id}`, 'en')).name).toBe('60000 gold');
    });
  });

  describe('banners, notices and help', () => {
    type Info = { title: string; content: string; link: string | null };
    it('come in the caller’s language', async () => {
      const body = { page: 1, pageSize: 10, categoryId: CommonInfoCategory.Banner };
      const zh = await get<{ items: Info[] }>('/api/sysCommonInfo/page', undefined, body);
      const en = await get<{ items: Info[] }>('/api/sysCommonInfo/page', 'en', body);
      expect(zh.items[0]!.title).toBe('AI 一键成片，写文案做视频只要一分钟');
      expect(en.items[0]!.title).toBe('One tap to a video: copy and video in a minute');
      expect(en.items.map((i) => i.link)).toEqual(zh.items.map((i) => i.link));
      const help = await get<{ items: Info[] }>('/api/sysCommonInfo/page', 'es', { page: 1, pageSize: 10, categoryId: CommonInfoCategory.Help });
      expect(help.items[0]).toMatchObject({ title: '¿Cuántas preguntas gratis al día?', content: expect.stringMatching(/^Puedes hacer 5 preguntas/) });
    });

    it('an operator’s own entry (no translations) shows as written', async () => {
      await app.platform.db.insert(commonInfo).values({ tenantId: DEFAULT_TENANT_ID, categoryId: CommonInfoCategory.Notice, title: '临时维护通知', sort: 0 });
      const en = await get<{ items: Info[] }>('/api/sysCommonInfo/page', 'en', { page: 1, pageSize: 10, categoryId: CommonInfoCategory.Notice });
      expect(en.items[0]!.title).toBe('临时维护通知');
      expect(en.items[1]!.title).toBe('New version: AI voice-overs in Cantonese and English');
    });
  });

  describe('copy templates and their categories', () => {
    type Category = { id: number; name: string; count: number };
    type Template = { id: number; title: string; description: string; categoryName?: string };
    it('categories, the template list and a template come in the caller’s language', async () => {
      const zh = await get<Category[]>('/api/sysPromptTemplate/categories');
      const fr = await get<Category[]>('/api/sysPromptTemplate/categories', 'fr');
      expect(zh[0]!.name).toBe('社交媒体');
      expect(fr[0]).toMatchObject({ name: 'Réseaux sociaux', count: zh[0]!.count });
      const page = await get<{ items: Template[] }>(`/api/sysPromptTemplate/page?page=1&pageSize=5&categoryId=${zh[0]!.id}`, 'en');
      expect(page.items[0]).toMatchObject({ title: 'Xiaohongshu product post', description: 'A genuine product note with title, emoji and hashtags' });
      // The zh-Hans page is a separate cached answer.
      const zhPage = await get<{ items: Template[] }>(`/api/sysPromptTemplate/page?page=1&pageSize=5&categoryId=${zh[0]!.id}`);
      expect(zhPage.items[0]!.title).toBe('小红书种草文案');
      const detail = await get<Template>(`/api/sysPromptTemplate/detail?id=${page.items[0]!.id}`, 'zh-Hant');
      expect(detail).toMatchObject({ title: '小紅書種草文案', categoryName: '社群媒體' });
    });

    it('a template’s field labels, placeholders and example come in the caller’s language; names and options do not change', async () => {
      type Field = { name: string; label: string; placeholder: string; options?: string[] };
      type Detail = Template & { fields: Field[]; example: string };
      const [row] = await app.platform.db.select({ id: promptTemplates.id }).from(promptTemplates).where(eq(promptTemplates.code, 'xhs-seeding'));
      const zh = await get<Detail>(`/api/sysPromptTemplate/detail?id=${row!.id}`);
      const en = await get<Detail>(`/api/sysPromptTemplate/detail?id=${row!.id}`, 'en');
      const fr = await get<Detail>(`/api/sysPromptTemplate/detail?id=${row!.id}`, 'fr-CA');
      expect(zh.fields[0]).toMatchObject({ name: 'product', label: '种草产品', placeholder: '例如：无线降噪耳机' });
      expect(zh.example).toMatch(/^\*\*标题：\*\*/);
      expect(en.fields[0]).toMatchObject({ name: 'product', label: 'Product', placeholder: 'e.g. wireless noise-cancelling earbuds' });
      expect(en.fields.find((f) => f.name === 'tone')).toMatchObject({ label: 'Tone', placeholder: 'Choose a tone', options: zh.fields.find((f) => f.name === 'tone')!.options });
      expect(en.example).toMatch(/^\*\*Title:\*\* ✨ What a find!/);
      expect(fr.fields.map((f) => f.name)).toEqual(zh.fields.map((f) => f.name));
      expect(fr.fields[1]!.label).toBe('Points forts');
      expect(en.fields.some((f) => /[\u4e00-\u9fff]/.test(f.label + f.placeholder))).toBe(false);
    });

    it('a template stored with translated titles only gets those of its fields and example on re-seed', async () => {
      const [row] = await app.platform.db.select().from(promptTemplates).where(eq(promptTemplates.code, 'xhs-seeding'));
      const titlesOnly = Object.fromEntries(
        Object.entries(row!.i18n).map(([locale, texts]) => [locale, { title: texts!.title!, description: texts!.description! }]),
      );
      await app.platform.db.update(promptTemplates).set({ i18n: titlesOnly }).where(eq(promptTemplates.id, row!.id));
      await seedDatabase(app.platform.db, { adminPassword: 'Admin@12345', demo: true, now: app.platform.clock.now() });
      const [after] = await app.platform.db.select().from(promptTemplates).where(eq(promptTemplates.id, row!.id));
      expect(after!.i18n.es).toMatchObject({ title: 'Post de producto en Xiaohongshu', fieldLabels: expect.arrayContaining(['Producto', 'Tono']) });
    });

    it('every seeded template and category has its four translations', async () => {
      const missing = await app.platform.db
        .select({ code: promptTemplates.code })
        .from(promptTemplates)
        .where(sql`NOT (${promptTemplates.i18n} ?& array['zh-Hant','en','es','fr'])`);
      expect(missing).toEqual([]);
      const withoutFields = await app.platform.db
        .select({ code: promptTemplates.code })
        .from(promptTemplates)
        .where(sql`NOT (${promptTemplates.i18n} -> 'fr' ?& array['fieldLabels','fieldPlaceholders','example'])`);
      expect(withoutFields).toEqual([]);
    });
  });

  describe('points mall, lucky wheel and food vote', () => {
    type Item = { id: number; name: string; description: string; points: number; stock: number };
    type Prize = { id: number; slot: number; name: string; kind: string; amount: number };
    type Dish = { id: number; name: string; description: string; votes: number };

    it('mall items come in the caller’s language; points and stock do not change', async () => {
      const zh = await get<{ items: Item[] }>('/api/sysPointsMall/page', undefined, { page: 1, pageSize: 20 });
      const en = await get<{ items: Item[] }>('/api/sysPointsMall/page', 'en-US,en;q=0.8', { page: 1, pageSize: 20 });
      expect(zh.items[0]).toMatchObject({ name: '视频会员月卡', description: '30 天会员权益：AI 视频、配音不限次数' });
      expect(en.items[0]).toMatchObject({ name: 'Video membership, 1 month', description: '30 days of membership: unlimited AI videos and voice-overs' });
      expect(en.items.map(({ id, points, stock }) => [id, points, stock])).toEqual(zh.items.map(({ id, points, stock }) => [id, points, stock]));
      expect(en.items.some((item) => /[\u4e00-\u9fff]/.test(item.name + item.description))).toBe(false);
      // The shop window is cached: the zh-Hans answer after the English one is still Chinese.
      expect((await get<{ items: Item[] }>('/api/sysPointsMall/page', 'zh-CN', { page: 1, pageSize: 20 })).items[0]!.name).toBe('视频会员月卡');
      expect((await get<{ items: Item[] }>('/api/sysPointsMall/page', 'es', { page: 1, pageSize: 20 })).items[0]!.name).toBe('Membresía de vídeo, 1 mes');
    });

    it('wheel prizes come in the caller’s language, and so does the prize a draw lands on', async () => {
      const zh = await get<{ prizes: Prize[] }>('/api/sysDrawPrize/prizeList');
      const fr = await get<{ prizes: Prize[] }>('/api/sysDrawPrize/prizeList', 'fr-FR');
      const tw = await get<{ prizes: Prize[] }>('/api/sysDrawPrize/prizeList', 'zh-TW');
      expect(zh.prizes.map((p) => p.name)).toContain('谢谢参与');
      expect(fr.prizes.find((p) => p.slot === 1)!.name).toBe('Merci d’avoir joué');
      expect(tw.prizes.find((p) => p.slot === 0)!.name).toBe('1200 金幣');
      expect(fr.prizes.map(({ slot, kind, amount }) => [slot, kind, amount])).toEqual(zh.prizes.map(({ slot, kind, amount }) => [slot, kind, amount]));
      // The demo account spins in English (the seed gives it points).
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysDrawPrize/startDraw',
        headers: { ...bearer(await tokenFor(app, 'demo')), 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(200);
      const { prize } = json<{ prize: Prize }>(res).result;
      const en = await get<{ prizes: Prize[] }>('/api/sysDrawPrize/prizeList', 'en');
      expect(prize.name).toBe(en.prizes.find((p) => p.slot === prize.slot)!.name);
      expect(prize.name).not.toMatch(/[\u4e00-\u9fff]/);
    });

    it('vote dishes come in the caller’s language, in the list and in the answer to a vote', async () => {
      const zh = await get<{ options: Dish[] }>('/api/sysFoodVote/options');
      const en = await get<{ options: Dish[] }>('/api/sysFoodVote/options', 'en');
      const tofu = zh.options.find((o) => o.name === '麻婆豆腐')!;
      expect(en.options.find((o) => o.id === tofu.id)).toMatchObject({ name: 'Mapo tofu', description: expect.stringMatching(/^A Sichuan classic/) });
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysFoodVote/vote',
        headers: { ...bearer(await tokenFor(app, 'demovip')), 'accept-language': 'es', 'content-type': 'application/json' },
        payload: JSON.stringify({ optionId: tofu.id }),
      });
      expect(res.statusCode).toBe(200);
      const voted = json<{ options: Dish[] }>(res).result.options.find((o) => o.id === tofu.id)!;
      expect(voted).toMatchObject({ name: 'Tofu mapo', votes: tofu.votes + 1 });
    });

    it('every seeded item, prize and dish has its four translations; an operator’s own item shows as written', async () => {
      for (const table of [mallItems, drawPrizes, voteOptions]) {
        const missing = await app.platform.db
          .select({ id: table.id })
          .from(table)
          .where(sql`${table.seedKey} IS NOT NULL AND NOT (${table.i18n} ?& array['zh-Hant','en','es','fr'])`);
        expect(missing).toEqual([]);
      }
      await app.platform.db.insert(mallItems).values({
        tenantId: DEFAULT_TENANT_ID, name: '限量徽章', description: '运营自建', image: '/static/activity/mall-notebook.svg',
        kind: 'physical', points: 100, stock: 3, sort: 1,
      });
      const en = await get<{ items: Item[] }>('/api/sysPointsMall/page', 'en', { page: 1, pageSize: 20 });
      expect(en.items.find((item) => item.name === '限量徽章')).toMatchObject({ description: '运营自建' });
    });

    it('a seeded prize an earlier release stored untranslated gets its translations on re-seed', async () => {
      await app.platform.db.update(drawPrizes).set({ i18n: {} }).where(eq(drawPrizes.seedKey, 'gold-500'));
      await app.platform.db.update(drawPrizes).set({ i18n: {}, name: '大奖' }).where(eq(drawPrizes.seedKey, 'gold-100'));
      await seedDatabase(app.platform.db, { adminPassword: 'Admin@12345', demo: true, now: app.platform.clock.now() });
      const [renamed] = await app.platform.db.select().from(drawPrizes).where(eq(drawPrizes.seedKey, 'gold-100'));
      const [restored] = await app.platform.db.select().from(drawPrizes).where(eq(drawPrizes.seedKey, 'gold-500'));
      expect(restored!.i18n.en).toEqual({ name: '6000 gold' });
      // An operator renamed this one: it is left as they wrote it.
      expect(renamed).toMatchObject({ name: '大奖', i18n: {} });
    });
  });

  describe('coupons', () => {
    type Coupon = { id: number; templateId: number; name: string; description: string; value: number };
    const call = async <T>(url: string, account: 'demo' | 'demovip', language: string, body: unknown) => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(await tokenFor(app, account)), 'accept-language': language, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, url).toBe(200);
      return json<T>(res).result;
    };
    const held = (account: 'demo' | 'demovip', language: string) =>
      call<{ items: Coupon[] }>('/api/sysCoupon/page', account, language, { page: 1, pageSize: 50 });

    it('a coupon redeemed from a template reads in each caller’s language, in the wallet and the picker', async () => {
      const redeemed = await call<{ kind: string; coupon: Coupon }>('/api/sysCoupon/exchange', 'demovip', 'en', { code: 'NEW_USER_10' });
      expect(redeemed.coupon).toMatchObject({ name: 'New user coupon', description: '¥10 off any package', value: 1000 });
      expect((await held('demovip', 'fr')).items.find((c) => c.id === redeemed.coupon.id)).toMatchObject({ name: 'Bon de bienvenue' });
      expect((await held('demovip', 'zh-CN')).items.find((c) => c.id === redeemed.coupon.id)).toMatchObject({ name: '新人专享券', description: '购买任意套餐立减 10 元' });
      const [pkg] = await app.platform.db.select({ id: goldPackages.id }).from(goldPackages).where(eq(goldPackages.code, 'gold_5000'));
      const picker = await call<{ items: { coupon: Coupon }[] }>('/api/sysCoupon/ApplyCoupon', 'demovip', 'es', { packageId: pkg!.id });
      expect(picker.items.find((i) => i.coupon.id === redeemed.coupon.id)!.coupon.name).toBe('Cupón de bienvenida');
    });

    it('a coupon from the points mall carries the item’s translated name', async () => {
      const item = (await get<{ items: (Coupon & { points: number })[] }>('/api/sysPointsMall/page', undefined, { page: 1, pageSize: 20 })).items.find((i) => i.name === '会员优惠券 10 元')!;
      await call('/api/sysPointsMall/exchange', 'demo', 'en', { itemId: item.id });
      const coupons = (await held('demo', 'en')).items;
      expect(coupons.map((c) => c.name)).toContain('¥10 membership coupon');
      expect((await held('demo', 'zh-TW')).items.map((c) => c.name)).toContain('會員優惠券 10 元');
    });

    it('every seeded template has its four translations; a coupon held from before them gets them on re-seed', async () => {
      const missing = await app.platform.db
        .select({ code: couponTemplates.code })
        .from(couponTemplates)
        .where(sql`${couponTemplates.code} IS NOT NULL AND NOT (${couponTemplates.i18n} ?& array['zh-Hant','en','es','fr'])`);
      expect(missing).toEqual([]);
      const [coupon] = await app.platform.db.update(userCoupons).set({ i18n: {} }).where(eq(userCoupons.name, '新人专享券')).returning();
      expect((await held('demovip', 'en')).items.find((c) => c.id === coupon!.id)!.name).toBe('新人专享券');
      await seedDatabase(app.platform.db, { adminPassword: 'Admin@12345', demo: true, now: app.platform.clock.now() });
      expect((await held('demovip', 'en')).items.find((c) => c.id === coupon!.id)!.name).toBe('New user coupon');
    });
  });
  describe('the robot and customer service', () => {
    const send = async <T>(method: 'GET' | 'POST', url: string, account: 'admin' | 'demo', language: string, body?: unknown) => {
      const res = await app.inject({
        method,
        url,
        headers: {
          ...bearer(await tokenFor(app, account)),
          'accept-language': language,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
      expect(res.statusCode, url).toBe(200);
      return json<T>(res).result;
    };
    const nameOf = async (userId: number, language?: string) =>
      (await get<{ nickName: string }>(`/api/sysUser/userInfo?userId=${userId}`, language)).nickName;

    it('their public profiles carry their names in the caller’s language', async () => {
      expect(await nameOf(ROBOT_USER_ID)).toBe('AI 创作助手');
      expect(await nameOf(ROBOT_USER_ID, 'en-US')).toBe('AI writing assistant');
      expect(await nameOf(ROBOT_USER_ID, 'zh-TW')).toBe('AI 創作助手');
      expect(await nameOf(SERVICE_USER_ID, 'es')).toBe('Atención al cliente');
      expect(await nameOf(SERVICE_USER_ID, 'fr')).toBe('Service client');
    });

    it('blocked, the robot is listed under its name in the reader’s language', async () => {
      await send('POST', '/api/sysUserBlock/add', 'demo', 'zh-CN', { userId: ROBOT_USER_ID });
      type Blocked = { items: { userId: number; nickName: string }[] };
      const page = (language: string) => send<Blocked>('GET', '/api/sysUserBlock/page?page=1&pageSize=20', 'demo', language);
      expect((await page('en')).items.find((b) => b.userId === ROBOT_USER_ID)!.nickName).toBe('AI writing assistant');
      expect((await page('zh-CN')).items.find((b) => b.userId === ROBOT_USER_ID)!.nickName).toBe('AI 创作助手');
      await send('POST', '/api/sysUserBlock/remove', 'demo', 'zh-CN', { userId: ROBOT_USER_ID });
    });

    it('a profile without an introduction shows the placeholder in the caller’s language', async () => {
      const intro = async (language?: string) =>
        (await get<{ introduction: string }>(`/api/sysUser/userInfo?userId=${ROBOT_USER_ID}`, language)).introduction;
      expect(await intro()).toBe('这个人很懒，什么都没有留下～');
      expect(await intro('en')).toBe('Nothing here yet ~');
      expect(await intro('zh-TW')).toBe('這個人很懶，什麼都沒有留下～');
      expect((await send<{ introduction: string }>('GET', '/api/sysUser/baseInfo', 'admin', 'es')).introduction).toBe('Aún no ha escrito nada ~');
    });

    it('customer service’s replies read in the message centre and its chat in the reader’s language', async () => {
      const [demo] = await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, 'demo'));
      await send('POST', '/api/sysCustomerService/reply', 'admin', 'zh-CN', { userId: demo!.id, content: 'Hello!' });
      type Page = { items: { title: string; content: string; data: Record<string, unknown> | null; senderId: number | null }[] };
      const centre = await send<Page>('POST', '/api/sysIMMessage/page', 'demo', 'en', { page: 1, pageSize: 20 });
      const reply = centre.items.find((m) => m.senderId === SERVICE_USER_ID)!;
      expect(reply).toMatchObject({ title: 'Customer service reply', content: 'Hello!' });
      // The translations are the server's business, not part of the message's data.
      expect(JSON.stringify(reply.data ?? {})).not.toContain('i18n');
      const chat = await send<Page>('GET', `/api/sysIMMessage/page?peerId=${SERVICE_USER_ID}&page=1&pageSize=20`, 'demo', 'fr');
      expect(chat.items.find((m) => m.senderId === SERVICE_USER_ID)!.title).toBe('Réponse du service client');
      const zh = await send<Page>('POST', '/api/sysIMMessage/page', 'demo', 'zh-CN', { page: 1, pageSize: 20 });
      expect(zh.items.find((m) => m.senderId === SERVICE_USER_ID)!.title).toBe('客服回复');
    });

    it('an ordinary user’s name is as they chose it, whatever translations their metadata holds', async () => {
      const [demo] = await app.platform.db
        .update(users)
        .set({ metadata: sql`${users.metadata} || '{"i18n":{"en":{"nickName":"Someone else"}}}'::jsonb` })
        .where(eq(users.account, 'demo'))
        .returning({ id: users.id, nickName: users.nickName });
      expect(await nameOf(demo!.id, 'en')).toBe(demo!.nickName);
    });

    it('a name an operator gives reads as written in every language; re-seeding does not translate it', async () => {
      await send('POST', '/api/console/profiles/update', 'admin', 'zh-CN', { userId: ROBOT_USER_ID, nickName: '小创' });
      expect(await nameOf(ROBOT_USER_ID, 'en')).toBe('小创');
      await seedDatabase(app.platform.db, { adminPassword: 'Admin@12345', demo: true, now: app.platform.clock.now() });
      expect(await nameOf(ROBOT_USER_ID, 'fr')).toBe('小创');
    });
  });
});
