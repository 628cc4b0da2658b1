import { stopWordsFileSchema } from '@app/contract';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOP_WORDS } from '../../platform/censor/stop-words.js';
import { SENSITIVE_WORDS } from '../../platform/censor/sensitive-words.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, guestToken, tokenFor } from '../../test/tokens.js';
import { STOP_WORDS_FILE, stopWordsFileContent } from './stop-words-file.js';

describe('text censor', () => {
  let app: TestApp;
  let guest: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    app = await createTestApp();
    guest = bearer(await guestToken(app));
    admin = bearer(await tokenFor(app, 'admin'));
  });
  afterAll(async () => {
    await app.close();
  });

  const check = async (text: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/textCensor',
      headers: guest,
      payload: { text },
    });
    expect(res.statusCode).toBe(200);
    return json<boolean>(res).result;
  };

  it('true for ordinary copy, false for sensitive words split by fillers or in full width', async () => {
    expect(await check('今天去探店，这家火锅真的太好吃了！')).toBe(true);
    expect(await check('来玩赌 博吧')).toBe(false);
    expect(await check('出售毒*品')).toBe(false);
    expect(await check('Ｋ粉')).toBe(false);
    expect(await check('这真是个大麻烦')).toBe(true);
  });

  it('needs at least a guest session; text length is limited', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/textCensor',
      payload: { text: 'hi' },
    });
    expect(anonymous.statusCode).toBe(401);
    const long = await app.inject({
      method: 'POST',
      url: '/api/sysArticle/textCensor',
      headers: guest,
      payload: { text: '好'.repeat(20001) },
    });
    expect(long.statusCode).toBe(400);
  });

  it('the platform service names the words found', async () => {
    expect(await app.platform.censor.censorText('网上赌博和毒品交易')).toEqual({
      ok: false,
      words: expect.arrayContaining(['网上赌博', '毒品', '毒品交易']) as unknown as string[],
    });
    expect(await app.platform.censor.censorText('你好')).toEqual({ ok: true, words: [] });
  });

  it('serves the seeded list and allowed phrases for the local check', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sysSensitiveWord/list' });
    const list = json<{ version: string; words: string[]; allowed: string[] }>(res).result;
    expect(new Set(list.words)).toEqual(new Set(SENSITIVE_WORDS));
    expect(list.allowed).toContain('大麻烦');
  });

  it('operator edits take effect at once: add, rename, delete', async () => {
    expect(await check('这里卖瓜子仁')).toBe(true);
    const before = json<{ version: string }>(
      await app.inject({ method: 'GET', url: '/api/sysSensitiveWord/list' }),
    ).result.version;
    const add = await app.inject({
      method: 'POST',
      url: '/api/sysSensitiveWord/add',
      headers: admin,
      payload: { words: ['瓜子仁'], category: 'other' },
    });
    expect(json<{ added: number }>(add).result.added).toBe(1);
    expect(await check('这里卖瓜 子 仁')).toBe(false);
    const after = json<{ version: string; words: string[] }>(
      await app.inject({ method: 'GET', url: '/api/sysSensitiveWord/list' }),
    ).result;
    expect(after.version).not.toBe(before);
    expect(after.words).toContain('瓜子仁');

    const page = json<{ items: { id: number; word: string }[] }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysSensitiveWord/page',
        headers: admin,
        payload: { word: '瓜子' },
      }),
    ).result;
    const id = page.items[0]!.id;
    await app.inject({
      method: 'POST',
      url: '/api/sysSensitiveWord/update',
      headers: admin,
      payload: { id, word: '花生仁' },
    });
    expect(await check('这里卖瓜子仁')).toBe(true);
    expect(await check('这里卖花生仁')).toBe(false);

    const dup = await app.inject({
      method: 'POST',
      url: '/api/sysSensitiveWord/update',
      headers: admin,
      payload: { id, word: '赌博' },
    });
    expect(dup.statusCode).toBe(409);

    const gambling = json<{ items: { id: number; word: string }[] }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysSensitiveWord/page',
        headers: admin,
        payload: { word: '赌博', pageSize: 100 },
      }),
    ).result.items.filter((i) => i.word === '赌博');
    const del = await app.inject({
      method: 'POST',
      url: '/api/sysSensitiveWord/delete',
      headers: admin,
      payload: { ids: [id, gambling[0]!.id] },
    });
    expect(json<{ deleted: number }>(del).result.deleted).toBe(2);
    expect(await check('这里卖花生仁')).toBe(true);
    expect(await check('赌博')).toBe(true);
    expect(await check('网上赌博')).toBe(false);
  });

  it('operator endpoints need the admin role', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysSensitiveWord/add',
      headers: guest,
      payload: { words: ['测试词'] },
    });
    expect(res.statusCode).toBe(403);
  });

  it('the static stop-word file is generated from the module list and served', async () => {
    expect(readFileSync(STOP_WORDS_FILE, 'utf8'), 'run: npx tsx src/modules/censor/stop-words-file.ts').toBe(
      stopWordsFileContent(),
    );
    const res = await app.inject({ method: 'GET', url: '/static/sensitive-stop-words.json' });
    // The shape the web app's loader reads (one schema for both sides).
    expect(stopWordsFileSchema.parse(JSON.parse(res.body)).words).toEqual([...STOP_WORDS]);
  });
});
