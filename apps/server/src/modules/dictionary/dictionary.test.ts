import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appConfigFromItems,
  DICT_NAMES,
  dictDataSchemas,
  type DictList,
  type DictVersions,
} from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { seedDictionaries, seedItemsOf, SEED_DICTIONARIES } from './dictionary.seed.js';
import { getAppConfig, getDictionary } from './dictionary.service.js';

describe('dictionaries', () => {
  let app: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp();
    admin = bearer(await tokenFor(app, 'admin'));
  });
  afterAll(async () => {
    await app.close();
  });

  const list = async (name: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/sysDictData/dataList/${name}` });
    expect(res.statusCode, name).toBe(200);
    return json<DictList>(res).result;
  };

  it('serves every spec §7 dictionary, seeded, at version 1, with payloads of the documented shape', async () => {
    for (const name of DICT_NAMES) {
      const dict = await list(name);
      expect(dict.version, name).toBe(1);
      expect(dict.items.length, name).toBeGreaterThan(0);
      if (name !== 'app_config') {
        for (const item of dict.items)
          expect(dictDataSchemas[name].safeParse(item.data).success, item.value).toBe(true);
      }
    }
    const unknown = await app.inject({ method: 'GET', url: '/api/sysDictData/dataList/nope' });
    expect(unknown.statusCode).toBe(400);
  });

  it('answers names in the caller\'s language (Accept-Language) from stored translations, zh-Hans otherwise', async () => {
    const read = async (language?: string) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/sysDictData/dataList/app_vip_nav',
        headers: language ? { 'accept-language': language } : {},
      });
      return json<DictList>(res).result.items.find((i) => i.value === 'nav-vip')!;
    };
    const zh = await read();
    expect([zh.label, (zh.data as { description: string }).description]).toEqual(['会员套餐', '开通会员，尽享全部权益']);
    expect(zh.data).not.toHaveProperty('i18n');
    const en = await read('en-US,en;q=0.9');
    expect([en.label, (en.data as { description: string }).description]).toEqual(['Membership', 'Join to enjoy every benefit']);
    expect((en.data as { link: string }).link).toBe('/pages/index/vip/index');
    expect((await read('fr')).label).toBe('Adhésion');
    expect((await read('zh-TW')).label).toBe('會員套餐');
  });

  const listIn = async (name: string, language: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/sysDictData/dataList/${name}`, headers: { 'accept-language': language } });
    return json<DictList>(res).result;
  };
  const dataOf = (list: DictList, value: string) => list.items.find((i) => i.value === value)!.data as Record<string, unknown>;

  it.each([
    // dictionary, item, field read by the screens ('label' or a data field), its English text
    ['package_type', 'vip', 'label', 'Membership'],
    ['package_type', 'free', 'description', 'Claim free trial gold once a day'],
    ['ai_video_category_nav', 'goods', 'label', 'Selling'],
    ['ai_video_category', 'festival', 'description', 'A holiday greeting video from one sentence'],
    ['video_template', 'landscape', 'label', 'Landscape commentary'],
    ['tts_config_nam', 'espeak-cmn-f3', 'label', 'Xiaoya (female, Mandarin)'],
    ['app_bgm', 'bgm-night', 'mood', 'Calm'],
    ['app_coupon', 'VIP_80', 'label', '20% off membership'],
    ['app_tips', 'guestTip', 'text', 'You are browsing as a guest. Log in to use this feature.'],
    ['app_activity_rule', 'luckyWheel', 'label', 'Lucky wheel'],
    ['robot', 'welcome', 'text', expect.stringMatching(/^Hi, I’m your AI writing assistant!/)],
    ['robot', 'question-2', 'text', 'Suggest 5 creative names for my café'],
    ['service', 'profile', 'nickName', 'Customer service'],
    ['service', 'question-1', 'text', 'My membership is not active after paying. What now?'],
  ])('%s answers %s\'s %s in English', async (name, value, field, english) => {
    const en = await listIn(name, 'en');
    const item = en.items.find((i) => i.value === value)!;
    expect(field === 'label' ? item.label : item.data && (item.data as Record<string, unknown>)[field]).toEqual(english);
    expect(item.data).not.toHaveProperty('i18n');
    // The other languages differ from the zh-Hans original, which stays the answer without Accept-Language.
    const zh = (await list(name)).items.find((i) => i.value === value)!;
    for (const language of ['zh-Hant', 'es', 'fr']) {
      const other = (await listIn(name, language)).items.find((i) => i.value === value)!;
      const text = field === 'label' ? other.label : (other.data as Record<string, unknown>)[field];
      expect(text, language).not.toEqual(field === 'label' ? zh.label : (zh.data as Record<string, unknown>)[field]);
    }
  });

  it('activity rules, a list of texts, come translated line by line', async () => {
    const zh = dataOf(await list('app_activity_rule'), 'checkIn').rules as string[];
    const es = dataOf(await listIn('app_activity_rule', 'es'), 'checkIn').rules as string[];
    expect(es).toHaveLength(zh.length);
    expect(es[1]).toBe('Si fallas un día, la racha vuelve al día 1.');
    // Numbers the screens compute with stay as they are.
    expect(dataOf(await listIn('app_activity_rule', 'es'), 'checkIn').pointsPerStreakDay).toEqual(
      dataOf(await list('app_activity_rule'), 'checkIn').pointsPerStreakDay,
    );
  });

  it('every text users read in the seed has its four translations', () => {
    for (const name of DICT_NAMES) {
      if (name === 'app_config') continue;
      for (const item of seedItemsOf(name)) {
        const i18n = (item.data as { i18n?: Record<string, Record<string, unknown>> }).i18n;
        for (const language of ['zh-Hant', 'en', 'es', 'fr']) expect(i18n?.[language]?.label, `${name}/${item.value}/${language}`).toBeTruthy();
      }
    }
  });

  it('app_config holds the spec values and the live versions of every dictionary', async () => {
    const config = appConfigFromItems((await list('app_config')).items);
    expect(config).toMatchObject({
      questionNum: 5,
      idCardEnable: true,
      prices: { perSecondWord: 5 },
      saveVideoTime: 604800,
      apiCachesEnable: true,
      reportLogEnable: { h5: true },
    });
    expect(Object.keys(config.apiCaches).sort()).toEqual([...DICT_NAMES].sort());
    const robot = await list('robot');
    expect(robot.items.find((i) => i.value === 'profile')?.data).toMatchObject({ id: 999 });
    const rule = (await list('app_activity_rule')).items.find((i) => i.value === 'checkIn');
    expect(rule?.data).toMatchObject({ pointsPerStreakDay: [5, 5, 10, 10, 15, 15, 30] });
  });

  it('operators: add, update and delete each raise the version; apiCaches and /versions follow', async () => {
    const add = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/add',
      headers: admin,
      payload: { name: 'app_tips', label: '新提示', value: 'newTip', data: { text: '春节期间客服休息' } },
    });
    expect(add.statusCode).toBe(200);
    const added = json<{ id: number; version: number }>(add).result;
    expect(added.version).toBe(2);
    expect((await list('app_tips')).items.map((i) => i.value)).toContain('newTip');

    const update = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/update',
      headers: admin,
      payload: { id: added.id, data: { text: '春节期间客服 10:00-18:00 在线' }, status: 0 },
    });
    expect(json<{ version: number }>(update).result.version).toBe(3);
    // Hidden items are not served to the app.
    expect((await list('app_tips')).items.map((i) => i.value)).not.toContain('newTip');

    const del = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/delete',
      headers: admin,
      payload: { id: added.id },
    });
    expect(json<{ version: number }>(del).result.version).toBe(4);

    const tips = await list('app_tips');
    expect(tips.version).toBe(4);
    const config = appConfigFromItems((await list('app_config')).items);
    expect(config.apiCaches.app_tips).toBe(4);
    expect(config.apiCaches.robot).toBe(1);
    const versions = json<DictVersions>(
      await app.inject({ method: 'GET', url: '/api/sysDictData/versions' }),
    ).result;
    expect(versions.app_tips).toBe(4);

    const page = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/page',
      headers: admin,
      payload: { name: 'app_tips', pageSize: 100 },
    });
    expect(json<{ total: number }>(page).result.total).toBe(SEED_DICTIONARIES.app_tips.length);
  });

  it('operators edit app_config values, checked against their type; keys are fixed', async () => {
    const page = json<{ items: { id: number; value: string }[] }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysDictData/page',
        headers: admin,
        payload: { name: 'app_config', pageSize: 100 },
      }),
    ).result;
    const questionNum = page.items.find((i) => i.value === 'questionNum')!;
    const bad = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/update',
      headers: admin,
      payload: { id: questionNum.id, data: 'five' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).extras?.error).toBe('dict_data_invalid');

    const ok = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/update',
      headers: admin,
      payload: { id: questionNum.id, data: 8 },
    });
    expect(ok.statusCode).toBe(200);
    expect((await getAppConfig(app.platform.db, 1)).questionNum).toBe(8);
    expect((await getAppConfig(app.platform.db, 1)).apiCaches.app_config).toBe(2);

    const addKey = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/add',
      headers: admin,
      payload: { name: 'app_config', label: 'x', value: 'apiCaches', data: {} },
    });
    expect(json(addKey).extras?.error).toBe('dict_config_key_fixed');
    const delKey = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/delete',
      headers: admin,
      payload: { id: questionNum.id },
    });
    expect(delKey.statusCode).toBe(400);
  });

  it('rejects a payload of the wrong shape and a duplicate value', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/add',
      headers: admin,
      payload: { name: 'app_coupon', label: '坏券', value: 'BAD', data: { type: 3 } },
    });
    expect(wrong.statusCode).toBe(400);
    const dup = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/add',
      headers: admin,
      payload: { name: 'app_tips', label: '重复', value: 'guestTip', data: { text: '重复' } },
    });
    expect(dup.statusCode).toBe(409);
  });

  it('operator endpoints need the admin role', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/sysDictData/page', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const user = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/page',
      headers: bearer(await tokenFor(app, 'demo')),
      payload: {},
    });
    expect(user.statusCode).toBe(403);
  });

  it('re-seeding keeps operator edits and raises the version only when it adds items', async () => {
    const before = await getDictionary(app.platform.db, 1, 'robot');
    await seedDictionaries(app.platform.db, 1, app.platform.clock.now());
    const after = await getDictionary(app.platform.db, 1, 'robot');
    expect(after.version).toBe(before.version);
    expect((await getAppConfig(app.platform.db, 1)).questionNum).toBe(8);
  });

  it('re-seeding gives items an earlier release stored without translations theirs, and raises the version', async () => {
    const { dictData } = await import('./dictionary.table.js');
    const { and, eq, sql } = await import('drizzle-orm');
    await app.platform.db
      .update(dictData)
      .set({ data: sql`${dictData.data} - 'i18n'` })
      .where(and(eq(dictData.dictName, 'service'), eq(dictData.value, 'welcome')));
    const before = await getDictionary(app.platform.db, 1, 'service');
    expect((await listIn('service', 'en')).items.find((i) => i.value === 'welcome')!.data).toMatchObject({ text: expect.stringMatching(/^你好/) });
    await seedDictionaries(app.platform.db, 1, app.platform.clock.now());
    expect((await getDictionary(app.platform.db, 1, 'service')).version).toBe(before.version + 1);
    expect((await listIn('service', 'en')).items.find((i) => i.value === 'welcome')!.data).toMatchObject({ text: expect.stringMatching(/^Hello, this is/) });
  });

  it('an operator edits translations like the rest of an item; a malformed one is refused', async () => {
    const en = await listIn('app_tips', 'en');
    const tip = en.items.find((i) => i.value === 'goldTip')!;
    const stored = (await getDictionary(app.platform.db, 1, 'app_tips')).items.find((i) => i.value === 'goldTip')!;
    const data = { ...(stored.data as Record<string, unknown>) };
    const bad = await app.inject({ method: 'POST', url: '/api/sysDictData/update', headers: admin, payload: { id: tip.id, data: { ...data, i18n: { en: { text: 42 } } } } });
    expect(bad.statusCode).toBe(400);
    const ok = await app.inject({ method: 'POST', url: '/api/sysDictData/update', headers: admin, payload: { id: tip.id, data: { ...data, i18n: { en: { text: 'Gold: 20 per character.' } } } } });
    expect(ok.statusCode).toBe(200);
    expect((await listIn('app_tips', 'en')).items.find((i) => i.value === 'goldTip')!.data).toEqual({ text: 'Gold: 20 per character.' });
    // French lost its translation in this edit: the zh-Hans original.
    expect((await listIn('app_tips', 'fr')).items.find((i) => i.value === 'goldTip')!.data).toEqual({ text: (data as { text: string }).text });
  });

});
