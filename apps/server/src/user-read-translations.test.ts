import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CommonInfoCategory, DEFAULT_TENANT_ID } from '@app/contract';
import { createTestApp, json, type TestApp } from './test/build-app.js';
import { commonInfo, goldPackages, promptTemplates } from './schema.js';
import { seedDatabase } from './seed.js';

/**
 * Server-provided names users read come in their language (Accept-Language), from translations stored with each
 * row, with the zh-Hans original as the fallback: packages and their badges, banners and notices, copy templates
 * and their categories. (Dictionaries: modules/dictionary/dictionary.test.ts.)
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
      expect((await get<Pkg>(`/api/sysGoldPackage/detail?id=${row!.id}`, 'en')).name).toBe('5000 金币');
      // Re-seeding gives it back the translations an earlier release did not store.
      await seedDatabase(app.platform.db, { adminPassword: 'Admin@12345', demo: true, now: app.platform.clock.now() });
      expect((await get<Pkg>(`/api/sysGoldPackage/detail?id=${row!.id}`, 'en')).name).toBe('5000 gold');
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

    it('every seeded template and category has its four translations', async () => {
      const missing = await app.platform.db
        .select({ code: promptTemplates.code })
        .from(promptTemplates)
        .where(sql`NOT (${promptTemplates.i18n} ?& array['zh-Hant','en','es','fr'])`);
      expect(missing).toEqual([]);
    });
  });
});
