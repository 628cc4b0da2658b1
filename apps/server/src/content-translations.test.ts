import { CommonInfoCategory, DICT_NAMES, endpoints, type Endpoint } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ambassadorTasks } from './schema.js';
import { seedDatabase } from './seed.js';
import { createTestApp, json, type TestApp } from './test/build-app.js';
import { bearer, tokenFor } from './test/tokens.js';

/**
 * Every text the server serves users, in en, fr and es: each read endpoint of the contract a user or visitor calls
 * (with every dictionary, every copy template, package and notice category), as a user who has checked in, spun the
 * wheel and voted, so their records are there too. A Han character (outside user content and names) or a raw
 * message key (`a.b_c`) in an answer fails, naming the endpoint and the field.
 *
 * Each read endpoint is either fetched here or skipped for a stated reason (user content, a user's own records), so
 * a new one cannot slip past: the test fails until it is listed.
 */
const LOCALES = ['en', 'fr', 'es'] as const;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
/** Names that stay as they are in every language: the app's own (also as a hashtag). */
const NAMES = [/AI创作家/g, /AI創作家/g];
/** An i18n key shown as text: dotted lower-camel segments (`settingsPages.clearCache`, `a.b_c`). */
const RAW_KEY = /^[a-z][a-zA-Z0-9]*(?:_[a-zA-Z0-9]+)*(?:\.[a-z][a-zA-Z0-9]*(?:_[a-zA-Z0-9]+)*)+$/;
/** Strings that are data, not text: file names and addresses look like keys. */
const NOT_TEXT = /\.(png|jpe?g|gif|svg|webp|mp3|mp4|wav|m4a|srt|ttf|otf|json)$|^https?:|^\//i;

/** Fields whose values are user content or machine values, never checked (by name, at any depth). */
const NOT_CHECKED = new Set([
  // Machine values: stable keys, store product ids, synth settings.
  'value', 'code', 'kind', 'lavfi', 'font', 'productId',
  // A copy template's select options are the values sent and put in its prompt; what they show is `optionLabels`.
  'options',
]);

type Read = { method: 'GET' | 'POST'; url: string; body?: unknown; account?: 'demo' | 'demovip' };
type Plan = Read[] | { skip: string };

/** Finds Han text and raw keys in an answer; each finding names its path. */
const findings = (value: unknown, path: string, out: string[]) => {
  if (typeof value === 'string') {
    const text = NAMES.reduce((s, name) => s.replace(name, ''), value);
    if (HAN.test(text)) out.push(`${path}: Han text «${value.slice(0, 60)}»`);
    else if (RAW_KEY.test(value) && !NOT_TEXT.test(value)) out.push(`${path}: raw key «${value}»`);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findings(item, `${path}[${index}]`, out));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (!NOT_CHECKED.has(key)) findings(item, `${path}.${key}`, out);
  }
};

describe('server content in en, fr and es', () => {
  let app: TestApp;
  const tokens: Record<'demo' | 'demovip', string> = { demo: '', demovip: '' };

  const call = async (read: Read, language: string) => {
    const res = await app.inject({
      method: read.method,
      url: read.url,
      headers: {
        ...bearer(tokens[read.account ?? 'demo']),
        'accept-language': language,
        ...(read.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(read.body !== undefined ? { payload: JSON.stringify(read.body) } : {}),
    });
    expect(res.statusCode, `${read.method} ${read.url} (${language}): ${res.body.slice(0, 200)}`).toBe(200);
    return json(res).result;
  };
  const get = (url: string): Read => ({ method: 'GET', url });
  const post = (url: string, body: unknown = { page: 1, pageSize: 50 }): Read => ({ method: 'POST', url, body });

  let plans: Record<string, Plan>;

  beforeAll(async () => {
    app = await createTestApp();
    tokens.demo = await tokenFor(app, 'demo');
    tokens.demovip = await tokenFor(app, 'demovip');
    // Records whose texts the server writes: a check-in, a spin of the wheel, a vote (the seed gives demo points).
    await call({ method: 'POST', url: '/api/sysDailyCheckin/checkIn' }, 'en');
    await call({ method: 'POST', url: '/api/sysDrawPrize/startDraw' }, 'en');
    const { options } = (await call(get('/api/sysFoodVote/options'), 'en')) as { options: { id: number }[] };
    await call(post('/api/sysFoodVote/vote', { optionId: options[0]!.id }), 'en');

    // Ids of the content items that have a detail endpoint.
    const templates = (await call(get('/api/sysPromptTemplate/page?page=1&pageSize=100'), 'en')) as { items: { id: number }[] };
    const packages = (await call(get('/api/sysGoldPackage/list?os=all'), 'en')) as { id: number }[];
    const month = new Date().toISOString().slice(0, 7);

    const userContent = { skip: 'user content (articles, comments, profiles and what users wrote)' };
    const ownTask = { skip: 'a user’s own task, by id (its texts are checked in the task pages)' };
    plans = {
      commonInfoPage: Object.values(CommonInfoCategory).map((categoryId) =>
        post('/api/sysCommonInfo/page', { page: 1, pageSize: 50, categoryId }),
      ),
      imMessagePage: [post('/api/sysIMMessage/page')],
      imMessagePageGet: [get('/api/sysIMMessage/page?page=1&pageSize=50')],
      imMessageUnreadCount: [get('/api/sysIMMessage/unreadCount')],
      chatQuota: [get('/api/sysMessage/quota')],
      chatMessageDetail: ownTask,
      chatHistory: userContent,
      chatConversations: userContent,
      promptTemplateCategories: [get('/api/sysPromptTemplate/categories')],
      promptTemplatePage: [get('/api/sysPromptTemplate/page?page=1&pageSize=100')],
      promptTemplateDetail: templates.items.map((t) => get(`/api/sysPromptTemplate/detail?id=${t.id}`)),
      articlePage: userContent,
      articleDetail: userContent,
      commentPage: userContent,
      likePage: userContent,
      historyPage: userContent,
      loginConfig: [get('/api/sysAuth/loginConfig')],
      authUserInfo: userContent,
      userBaseInfo: userContent,
      publicUserInfo: [get('/api/sysUser/userInfo?userId=999'), get('/api/sysUser/userInfo?userId=10086')],
      currentUserDetail: [get('/api/sysUserExtInfo/currentUserDetail')],
      blockList: userContent,
      blockPage: userContent,
      realNameStatus: [get('/api/sysAuthenticationInfo/status')],
      realNameDetail: userContent,
      goldPackagePage: [post('/api/sysGoldPackage/page')],
      goldPackageList: [get('/api/sysGoldPackage/list?os=all'), get('/api/sysGoldPackage/list?os=ios')],
      goldPackageDetail: packages.map((p) => get(`/api/sysGoldPackage/detail?id=${p.id}`)),
      orderDetail: { skip: 'a user’s own order, by id (its package name is a package’s, checked above)' },
      orderOfflinePay: { skip: 'a user’s own offline order, by id (its payee and instructions are what the operator typed)' },
      goldPackageOrderPage: [post('/api/sysGoldPackageOrder/page')],
      todayFreeNumber: [get('/api/sysGoldPackageOrder/todayFreeNumber')],
      goldPackageBillPage: [post('/api/sysGoldPackageBill/page')],
      goldPackageBillCalendar: ['gold', 'points'].map((currency) =>
        get(`/api/sysGoldPackageBill/calendar?month=${month}&currency=${currency}`),
      ),
      goldPackageBillDetail: { skip: 'one bill row, by id (the rows are checked in the bill page)' },
      couponPage: [post('/api/sysCoupon/page'), { ...post('/api/sysCoupon/page'), account: 'demovip' }],
      userCouponCodeList: [post('/api/sysUserCouponCode/list')],
      userCouponCodeDropdown: [get('/api/sysUserCouponCode/dropdown')],
      welfareInfo: [get('/api/sysWelfare/info')],
      ambassadorInfo: [get('/api/sysAmbassador/info')],
      ambassadorResult: [get('/api/sysAmbassador/result')],
      checkInDetail: [get('/api/sysDailyCheckin/checkInDetail')],
      checkInList: [get('/api/sysDailyCheckin/list?page=1&pageSize=50')],
      mallPage: [post('/api/sysPointsMall/page')],
      mallMyExchanges: [get('/api/sysPointsMall/myExchanges?page=1&pageSize=50')],
      prizeList: [get('/api/sysDrawPrize/prizeList')],
      myPrizes: [get('/api/sysDrawPrize/myPrizes?page=1&pageSize=50')],
      voteOptions: [get('/api/sysFoodVote/options')],
      feedbackMine: userContent,
      // app_config is the operators' settings: the app reads its values, never its labels.
      dictDataList: DICT_NAMES.filter((name) => name !== 'app_config').map((name) =>
        get(`/api/sysDictData/dataList/${name}`),
      ),
      dictVersions: [get('/api/sysDictData/versions')],
      sensitiveWordList: { skip: 'the stop words the text checker matches (data, never shown as a text)' },
      statStatus: [get('/api/sysStat/status')],
      textToSpeechVoices: [get('/api/textToSpeech/voices')],
      textToSpeechDetail: ownTask,
      textToSpeechPage: [post('/api/textToSpeech/page')],
      textToSpeechReadings: userContent,
      audioToSrtPage: [post('/api/audioToSrt/page')],
      audioToSrtCapabilities: [get('/api/audioToSrt/capabilities')],
      aiDrawOptions: [get('/api/aiDraw/options')],
      aiDrawDetail: ownTask,
      aiDrawPage: [post('/api/aiDraw/page')],
      aiDrawRoleImages: [get('/api/aiDrawProject/roleImages')],
      aiDrawComposition: { skip: 'the SVG and motif ids a drawing was composed from (data for checks, not text shown)' },
      aiDrawWeeklyRanking: userContent,
      articleToVideoTemplates: [get('/api/articleToVideo/videoTemplate')],
      articleToVideoDetail: ownTask,
      articleToVideoStoryboardDetail: ownTask,
      articleToVideoPage: [post('/api/articleToVideo/page')],
      deletionLosses: [get('/api/sysUser/deletionLosses')],
      uploadUsage: [get('/api/sysCommonInfo/uploadUsage')],
      humanCheck: { skip: 'a proof-of-work challenge (numbers and a signature, no text)' },
    };
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('every read a user or visitor makes is fetched here or skipped for a stated reason', () => {
    const reads = Object.entries(endpoints as Record<string, Endpoint>)
      .filter(([, e]) => e.auth !== 'admin' && e.method === 'GET' && (e.kind ?? 'json') === 'json')
      .map(([name]) => name);
    expect(reads.filter((name) => !(name in plans))).toEqual([]);
  });

  for (const language of LOCALES) {
    it(`answers in ${language} carry no Han text outside user content and names, and no raw keys`, async () => {
      const found: string[] = [];
      for (const [name, plan] of Object.entries(plans)) {
        if (!Array.isArray(plan)) continue;
        for (const read of plan) findings(await call(read, language), `${name} ${read.url}`, found);
      }
      expect(found).toEqual([]);
    }, 120_000);
  }

  it('a copy template’s options keep their values and show in the reader’s language', async () => {
    type Field = { name: string; options?: string[]; optionLabels?: string[] };
    const detail = (language: string) =>
      call(get(`/api/sysPromptTemplate/detail?id=${(plans.promptTemplateDetail as Read[])[0]!.url.split('=')[1]}`), language) as Promise<{ fields: Field[] }>;
    const zh = (await detail('zh-CN')).fields.find((f) => f.options)!;
    const en = (await detail('en')).fields.find((f) => f.name === zh.name)!;
    expect(zh.optionLabels).toEqual(zh.options);
    expect(en.options).toEqual(zh.options);
    expect(en.optionLabels).toHaveLength(zh.options!.length);
    expect(en.optionLabels![0]).toBe('Lively');
  });

  it('ambassador tasks stored before their translations get them on re-seed; a task an operator retitled keeps its text', async () => {
    await app.platform.db.update(ambassadorTasks).set({ i18n: {} }).where(eq(ambassadorTasks.code, 'note_post'));
    await app.platform.db.update(ambassadorTasks).set({ i18n: {}, title: '发一篇笔记' }).where(eq(ambassadorTasks.code, 'video_post'));
    type Info = { tasks: { task: { title: string; steps: string[] } }[] };
    const before = (await call(get('/api/sysAmbassador/info'), 'fr')) as Info;
    expect(before.tasks[0]!.task.title).toBe('发布一篇种草笔记');
    await seedDatabase(app.platform.db, { adminPassword: 'Admin@12345', demo: true, now: app.platform.clock.now() });
    const after = (await call(get('/api/sysAmbassador/info'), 'fr')) as Info;
    expect(after.tasks[0]!.task).toMatchObject({ title: 'Publiez une note de recommandation', steps: expect.arrayContaining(['Envoyez une capture de la publication et attendez la validation']) });
    expect(after.tasks[1]!.task.title).toBe('发一篇笔记');
    expect(((await call(get('/api/sysAmbassador/info'), 'zh-TW')) as Info).tasks[0]!.task.title).toBe('發布一篇種草筆記');
  });

  it('an operator’s change to a text reads as written in every language; the texts left alone keep their translations', async () => {
    const admin = bearer(await tokenFor(app, 'admin'));
    const update = async (url: string, body: unknown) => {
      const res = await app.inject({ method: 'POST', url, headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode, res.body).toBe(200);
    };
    type Prize = { id: number; slot: number; name: string };
    const prizes = ((await call(get('/api/sysDrawPrize/prizeList'), 'zh-CN')) as { prizes: Prize[] }).prizes;
    const thanks = prizes.find((p) => p.name === '谢谢参与')!;
    await update('/api/sysDrawPrize/update', { id: thanks.id, name: '下次好运' });
    const en = ((await call(get('/api/sysDrawPrize/prizeList'), 'en')) as { prizes: Prize[] }).prizes;
    expect(en.find((p) => p.id === thanks.id)!.name).toBe('下次好运');
    expect(en.find((p) => p.id !== thanks.id && p.name === '1200 gold')).toBeTruthy();

    type Item = { id: number; name: string; description: string };
    const items = ((await call(post('/api/sysPointsMall/page'), 'zh-CN')) as { items: Item[] }).items;
    const bag = items.find((i) => i.name === 'AI创作家帆布袋')!;
    await update('/api/sysPointsMall/update', { id: bag.id, description: '限量 100 个' });
    const fr = ((await call(post('/api/sysPointsMall/page'), 'fr')) as { items: Item[] }).items.find((i) => i.id === bag.id)!;
    expect(fr).toMatchObject({ name: 'Sac en toile AI Creator', description: '限量 100 个' });

    type Dish = { id: number; name: string; description: string };
    const dishes = ((await call(get('/api/sysFoodVote/options'), 'zh-CN')) as { options: Dish[] }).options;
    const tofu = dishes.find((d) => d.name === '麻婆豆腐')!;
    // Sending a text unchanged changes nothing.
    await update('/api/sysFoodVote/update', { id: tofu.id, name: '麻婆豆腐', description: '川味十足' });
    const es = ((await call(get('/api/sysFoodVote/options'), 'es')) as { options: Dish[] }).options.find((d) => d.id === tofu.id)!;
    expect(es).toMatchObject({ name: 'Tofu mapo', description: '川味十足' });

    // Packages, banners and copy templates alike.
    type Pkg = { id: number; name: string; description: string; tags: string[] };
    const month = ((await call(get('/api/sysGoldPackage/list?os=all'), 'zh-CN')) as Pkg[]).find((p) => p.name === '月卡会员')!;
    await update('/api/console/packages/update', { id: month.id, description: '30 天会员，限时加赠' });
    expect(await call(get(`/api/sysGoldPackage/detail?id=${month.id}`), 'en')).toMatchObject({ name: 'Monthly membership', description: '30 天会员，限时加赠' });

    type Info = { id: number; title: string; content: string };
    const banner = { page: 1, pageSize: 10, categoryId: CommonInfoCategory.Banner };
    const first = ((await call(post('/api/sysCommonInfo/page', banner), 'zh-CN')) as { items: Info[] }).items[0]!;
    await update('/api/console/common-info/update', { id: first.id, title: '双十一：会员五折' });
    expect(((await call(post('/api/sysCommonInfo/page', banner), 'fr')) as { items: Info[] }).items[0]!.title).toBe('双十一：会员五折');

    type Field = { name: string; label: string; placeholder: string; required: boolean; maxLength: number; type: string; options?: string[]; optionLabels?: string[] };
    type Template = { id: number; title: string; fields: Field[] };
    const templateId = Number((plans.promptTemplateDetail as Read[])[0]!.url.split('=')[1]);
    const zhTemplate = (await call(get(`/api/sysPromptTemplate/detail?id=${templateId}`), 'zh-CN')) as Template;
    const select = zhTemplate.fields.findIndex((f) => f.options);
    const fields = zhTemplate.fields.map(({ optionLabels: _shown, ...f }, i) => (i === select ? { ...f, options: ['简洁', ...f.options!] } : f));
    await update('/api/console/prompt-templates/update', { id: templateId, fields });
    const enTemplate = (await call(get(`/api/sysPromptTemplate/detail?id=${templateId}`), 'en')) as Template;
    expect(enTemplate.title).toBe('Xiaohongshu product post');
    expect(enTemplate.fields[select]!.label).toBe('Tone');
    expect(enTemplate.fields[select]!.optionLabels).toEqual(['简洁', ...zhTemplate.fields[select]!.options!]);
  });

  it('the check finds what it looks for: zh-Hans answers are Han, and a key is caught', async () => {
    const found: string[] = [];
    findings(await call(get('/api/sysWelfare/info'), 'zh-CN'), 'welfareInfo', found);
    expect(found.length).toBeGreaterThan(10);
    const keys: string[] = [];
    findings({ title: 'settingsPages.clear_cache', cover: '/static/a.png', value: 'x.y' }, 'sample', keys);
    expect(keys).toEqual(['sample.title: raw key «settingsPages.clear_cache»']);
  });
});
