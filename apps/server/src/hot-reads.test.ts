import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { testConfig } from './config.js';
import { createTestApp, json, type TestApp } from './test/build-app.js';
import { SESSION_CHANGE_CHANNEL } from './platform/auth/session-check-cache.js';
import { bearer, sessionIdOf, tokenFor } from './test/tokens.js';

/**
 * Hot reads come from memory and are never stale: after a write through the API, through another API process
 * (PostgreSQL only: the embedded database belongs to one process) or through plain SQL by an operator tool,
 * the very next read shows it. Warm hot reads send at most one statement.
 */
describe('hot reads from memory', () => {
  let app: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>> | undefined;
  const onPostgres = () => app.platform.database.kind === 'postgres';
  let counting = false;
  let statements: string[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    app.platform.database.onQuery((sql) => {
      if (counting) statements.push(sql);
    });
    if (onPostgres()) {
      // A second API process on the same database (its own pool and LISTEN connection).
      other = await buildApp(
        testConfig({
          DATABASE_URL: app.platform.config.DATABASE_URL,
          DATA_DIR: app.platform.dataDir,
          SEED_DEMO: false,
        }),
      );
    }
  });
  afterAll(async () => {
    await other?.close();
    await app.close();
  });

  /** The statements one request sends. */
  const statementsOf = async (run: () => Promise<unknown>) => {
    statements = [];
    counting = true;
    try {
      await run();
    } finally {
      counting = false;
    }
    return statements;
  };

  /** Resolves when this app hears that `table` changed (a write elsewhere reaches it as a notification). */
  const changeOf = (table: string) =>
    new Promise<void>((resolve) => {
      const stop = app.platform.cache.onChange((changed) => {
        if (changed === table) {
          stop();
          resolve();
        }
      });
    });

  /** Plain SQL on its own connection, as an operator's tool sends it (not through the app's query builder). */
  const operatorSql = async (text: string, params: unknown[] = []) => {
    if (!onPostgres()) {
      const client = (
        app.platform.db as unknown as { $client: { query(t: string, p: unknown[]): Promise<unknown> } }
      ).$client;
      await client.query(text, params);
      return;
    }
    const client = new pg.Client({ connectionString: app.platform.config.DATABASE_URL });
    await client.connect();
    try {
      await client.query(text, params);
    } finally {
      await client.end();
    }
  };

  /**
   * Resolves once every change notice committed so far has reached this app: PostgreSQL delivers notices in
   * commit order, so hearing one sent now means the earlier ones are in (the embedded database delivers them
   * before a write returns).
   */
  const noticesHeard = async () => {
    if (!onPostgres()) return;
    const probe = changeOf('notice_probe');
    await operatorSql(`NOTIFY app_table_changed, 'notice_probe'`);
    await probe;
  };

  it('knows a tenant an operator adds or disables by plain SQL on the very next request', async () => {
    const asTenant = (id: string) =>
      app.inject({ method: 'GET', url: '/api/sysDictData/versions', headers: { TenantId: id } });
    expect((await asTenant('77')).statusCode).toBe(400);
    let heard = changeOf('tenant');
    await operatorSql(`INSERT INTO tenant (id, name) VALUES (77, '新租户')`);
    await heard;
    expect((await asTenant('77')).statusCode).toBe(200);
    await asTenant('1');
    expect(await statementsOf(() => asTenant('1'))).toEqual([]);
    heard = changeOf('tenant');
    await operatorSql('UPDATE tenant SET enabled = false WHERE id = 77');
    await heard;
    expect((await asTenant('77')).statusCode).toBe(400);
  });

  describe('dictionaries and app_config', () => {
    const appConfig = (headers: Record<string, string> = {}, target: TestApp = app) =>
      target.inject({ method: 'GET', url: '/api/sysDictData/dataList/app_config', headers });
    const labelOf = (res: { body: string }, value: string) =>
      json<{ items: Array<{ value: string; label: string }> }>(res).result.items.find(
        (i) => i.value === value,
      )?.label;

    it('answers from memory with an ETag, and 304 to a caller that holds it', async () => {
      const first = await appConfig();
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');

      expect(await statementsOf(() => appConfig())).toEqual([]);
      // Served compressed as the client accepts, the same envelope once decoded.
      const br = await appConfig({ 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      const decoded = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as {
        result: unknown;
        time: string;
      };
      expect(decoded.result).toEqual(json(first).result);
      expect(Date.now() - Date.parse(decoded.time)).toBeLessThan(5000);
      const gz = await appConfig({ 'accept-encoding': 'gzip' });
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).result).toEqual(json(first).result);
      const again = await appConfig({ 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const versions = await app.inject({ method: 'GET', url: '/api/sysDictData/versions' });
      const versionsAgain = await app.inject({
        method: 'GET',
        url: '/api/sysDictData/versions',
        headers: { 'if-none-match': versions.headers.etag as string },
      });
      expect(versionsAgain.statusCode).toBe(304);
    });

    it('shows a change through the API on the very next read, with a new ETag', async () => {
      const before = await appConfig();
      const admin = await tokenFor(app, 'admin');
      const page = await app.inject({
        method: 'POST',
        url: '/api/sysDictData/page',
        headers: bearer(admin),
        payload: { page: 1, pageSize: 50, name: 'app_config' },
      });
      const item = json<{ items: Array<{ id: number; value: string; data: unknown }> }>(
        page,
      ).result.items.find((i) => i.value === 'categoryId')!;
      const update = await app.inject({
        method: 'POST',
        url: '/api/sysDictData/update',
        headers: bearer(admin),
        payload: { id: item.id, label: '运营改过的名字', data: item.data },
      });
      expect(json(update).code, update.body).toBe(200);

      const after = await appConfig({ 'if-none-match': before.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(labelOf(after, item.value)).toBe('运营改过的名字');
      expect(json<{ version: number }>(after).result.version).toBe(
        json<{ version: number }>(before).result.version + 1,
      );
    });

    it('shows a change by plain SQL on the very next read', async () => {
      await appConfig();
      const heard = changeOf('sys_dict_data');
      await operatorSql(
        `UPDATE sys_dict_data SET label = 'SQL 改的' WHERE tenant_id = 1 AND dict_name = 'app_config' AND value = 'categoryId'`,
      );
      await heard;
      expect(labelOf(await appConfig(), 'categoryId')).toBe('SQL 改的');
    });

    it('shows a change made by another API process on the very next read (PostgreSQL)', async () => {
      if (!other) return; // the embedded database has one process
      await appConfig();
      const admin = await tokenFor(other as TestApp, 'admin');
      const page = await other.inject({
        method: 'POST',
        url: '/api/sysDictData/page',
        headers: bearer(admin),
        payload: { page: 1, pageSize: 50, name: 'app_config' },
      });
      const item = json<{ items: Array<{ id: number; value: string; data: unknown }> }>(
        page,
      ).result.items.find((i) => i.value === 'categoryId')!;
      const heard = changeOf('sys_dict_data');
      await other.inject({
        method: 'POST',
        url: '/api/sysDictData/update',
        headers: bearer(admin),
        payload: { id: item.id, label: '另一个进程改的', data: item.data },
      });
      await heard;
      expect(labelOf(await appConfig(), item.value)).toBe('另一个进程改的');
    });
  });

  describe("the caller's base info", () => {
    let token: string;
    const baseInfo = (target: TestApp = app, auth = token) =>
      target
        .inject({ method: 'GET', url: '/api/sysUser/baseInfo', headers: bearer(auth) })
        .then((res) => json<{ id: number; points: number; gold: number; nickName: string }>(res).result);
    beforeAll(async () => {
      token = await tokenFor(app, 'demo');
    });

    it('is answered without a statement once warm (the session check is remembered too)', async () => {
      await baseInfo();
      expect(await statementsOf(() => baseInfo())).toEqual([]);
    });

    it('refuses a session revoked through the API, by plain SQL or by another process on the very next request', async () => {
      const status = (auth: string) =>
        app
          .inject({ method: 'GET', url: '/api/sysUser/baseInfo', headers: bearer(auth) })
          .then((res) => res.statusCode);
      /** Resolves when this app hears that a session or user changed (the session cache's channel). */
      const sessionNotice = () =>
        new Promise<void>((resolve) => {
          let heard = false;
          void app.platform.database.listen(SESSION_CHANGE_CHANNEL, () => {
            if (!heard) resolve();
            heard = true;
          });
        });

      const viaApi = await tokenFor(app, 'demo');
      await baseInfo(app, viaApi);
      expect(await statementsOf(() => baseInfo(app, viaApi))).toEqual([]);
      const logout = await app.inject({
        method: 'POST',
        url: '/api/sysAuth/logout',
        headers: bearer(viaApi),
      });
      expect(logout.statusCode).toBe(200);
      expect(await status(viaApi)).toBe(401);

      const viaSql = await tokenFor(app, 'demo');
      expect(await status(viaSql)).toBe(200);
      expect(await status(viaSql)).toBe(200);
      const heard = sessionNotice();
      await operatorSql('UPDATE user_session SET revoked_at = now() WHERE id = $1', [sessionIdOf(viaSql)]);
      await heard;
      expect(await status(viaSql)).toBe(401);

      if (!other) return;
      const viaOther = await tokenFor(app, 'demovip');
      expect(await status(viaOther)).toBe(200);
      const heardOther = sessionNotice();
      const otherLogout = await other.inject({
        method: 'POST',
        url: '/api/sysAuth/logout',
        headers: bearer(viaOther),
      });
      expect(otherLogout.statusCode).toBe(200);
      await heardOther;
      expect(await status(viaOther)).toBe(401);
    });

    it('shows a check-in through the API on the very next read', async () => {
      const before = await baseInfo();
      const checkIn = await app.inject({
        method: 'POST',
        url: '/api/sysDailyCheckin/checkIn',
        headers: bearer(token),
      });
      expect(json(checkIn).code).toBe(200);
      const after = await baseInfo();
      expect(after.points + after.gold).toBeGreaterThan(before.points + before.gold);
    });

    it('shows a change by plain SQL on the very next read', async () => {
      const before = await baseInfo();
      const heard = changeOf('app_user');
      await operatorSql('UPDATE app_user SET gold = gold + 7, nick_name = $2 WHERE id = $1', [
        before.id,
        '运营补发',
      ]);
      await heard;
      const after = await baseInfo();
      expect(after.gold).toBe(before.gold + 7);
      expect(after.nickName).toBe('运营补发');
    });

    it('shows a check-in made by another API process on the very next read (PostgreSQL)', async () => {
      if (!other) return;
      const vip = await tokenFor(app, 'demovip');
      const before = await baseInfo(app, vip);
      const heard = changeOf('app_user');
      const checkIn = await other.inject({
        method: 'POST',
        url: '/api/sysDailyCheckin/checkIn',
        headers: bearer(await tokenFor(other as TestApp, 'demovip')),
      });
      expect(json(checkIn).code).toBe(200);
      await heard;
      const after = await baseInfo(app, vip);
      expect(after.points + after.gold).toBeGreaterThan(before.points + before.gold);
    });
  });

  describe('the plaza', () => {
    let token: string;
    type Card = {
      id: number;
      title: string;
      readCount: number;
      liked: boolean;
      likeCount: number;
      author: { id: number; nickName: string };
    };
    const plaza = (target: TestApp = app, auth = token) =>
      target
        .inject({
          method: 'POST',
          url: '/api/sysArticle/page',
          headers: bearer(auth),
          payload: { page: 1, pageSize: 20 },
        })
        .then((res) => json<{ items: Card[]; total: number }>(res).result);
    beforeAll(async () => {
      token = await tokenFor(app, 'demo');
    });

    it("is answered from memory once warm, the caller's like state included", async () => {
      const first = await plaza();
      expect(first.items.length).toBeGreaterThan(1);
      expect(await statementsOf(() => plaza())).toEqual([]);
      expect(await plaza()).toEqual(first);
    });

    it('keeps its pages when a work is only read (the read count is no reason to refresh the list)', async () => {
      const [first] = (await plaza()).items;
      const reader = await tokenFor(app, 'demovip');
      const read = await app.inject({
        method: 'GET',
        url: `/api/sysArticle/detail?id=${first!.id}`,
        headers: bearer(reader),
      });
      expect(json<{ readCount: number }>(read).result.readCount).toBe(first!.readCount + 1);
      // Notices arrive in commit order: once a later change is heard, one for the reading would have been.
      const heard = changeOf('tenant');
      await operatorSql('UPDATE tenant SET name = name WHERE id = 1');
      await heard;
      expect(await statementsOf(() => plaza())).toEqual([]);
      // Any other change of the work still refreshes the list.
      const renamed = changeOf('article');
      await operatorSql('UPDATE article SET title = $2 WHERE id = $1', [first!.id, '读过之后改的标题']);
      await renamed;
      const after = (await plaza()).items.find((i) => i.id === first!.id)!;
      expect(after).toMatchObject({ title: '读过之后改的标题', readCount: first!.readCount + 1 });
    });

    it("merges each caller's like state and block list", async () => {
      const { items } = await plaza();
      const target = items.find((i) => !i.liked)!;
      const like = await app.inject({
        method: 'POST',
        url: '/api/sysLikeRecord/add',
        headers: bearer(token),
        payload: { articleId: target.id },
      });
      expect(json(like).code).toBe(200);
      const mine = (await plaza()).items.find((i) => i.id === target.id)!;
      expect(mine).toMatchObject({ liked: true, likeCount: target.likeCount + 1 });
      const vip = await tokenFor(app, 'demovip');
      const theirs = (await plaza(app, vip)).items.find((i) => i.id === target.id)!;
      expect(theirs).toMatchObject({ liked: false, likeCount: target.likeCount + 1 });

      const author = target.author.id;
      await app.inject({
        method: 'POST',
        url: '/api/sysUserBlock/add',
        headers: bearer(vip),
        payload: { userId: author },
      });
      expect((await plaza(app, vip)).items.some((i) => i.author.id === author)).toBe(false);
      expect((await plaza()).items.some((i) => i.author.id === author)).toBe(true);
      await app.inject({
        method: 'POST',
        url: '/api/sysUserBlock/remove',
        headers: bearer(vip),
        payload: { userId: author },
      });
      expect((await plaza(app, vip)).items.some((i) => i.author.id === author)).toBe(true);
    });

    it('shows a new work through the API on the very next read', async () => {
      const before = await plaza();
      const add = await app.inject({
        method: 'POST',
        url: '/api/sysArticle/add',
        headers: bearer(token),
        payload: { title: '刚刚发布的作品', content: '新内容', categoryId: 1 },
      });
      expect(json(add).code).toBe(200);
      const after = await plaza();
      expect(after.items[0]!.title).toBe('刚刚发布的作品');
      // `total` of a page that does not end the list is an estimate now (a count remembered for a minute).
      expect(after.total).toBeGreaterThanOrEqual(before.total);
    });

    it("shows a work's or an author's change by plain SQL on the very next read", async () => {
      const [first] = (await plaza()).items;
      let heard = changeOf('article');
      await operatorSql('UPDATE article SET title = $2 WHERE id = $1', [first!.id, '运营改的标题']);
      await heard;
      expect((await plaza()).items[0]!.title).toBe('运营改的标题');

      heard = changeOf('app_user');
      await operatorSql('UPDATE app_user SET nick_name = $2 WHERE id = $1', [
        first!.author.id,
        '改了昵称的作者',
      ]);
      await heard;
      expect((await plaza()).items[0]!.author.nickName).toBe('改了昵称的作者');
    });

    it("shows a like, here or in another process, on the very next read, reading only the counters and the liker's likes", async () => {
      const warm = await plaza();
      expect(await statementsOf(() => plaza())).toEqual([]);
      const target = warm.items.find((i) => !i.liked)!;
      const likeIn = async (target_: TestApp, id: number) => {
        const res = await target_.inject({
          method: 'POST',
          url: '/api/sysLikeRecord/add',
          headers: bearer(await tokenFor(target_, 'demo')),
          payload: { articleId: id },
        });
        expect(json(res).code).toBe(200);
      };
      await likeIn(app, target.id);
      // The like's own change notices reach this process after its answer (they forget the values they name):
      // counted once they are in.
      await noticesHeard();
      const seen = await statementsOf(async () => {
        const after = (await plaza()).items.find((i) => i.id === target.id)!;
        expect(after).toMatchObject({ liked: true, likeCount: target.likeCount + 1 });
      });
      // The page itself is not read again: only its works' counters and the caller's likes among them.
      expect(
        seen.some((q) => /\bjoin\b/i.test(q)),
        seen.join('\n'),
      ).toBe(false);
      expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(2);
      expect(await statementsOf(() => plaza())).toEqual([]);

      if (!other) return; // the embedded database has one process
      const second = warm.items.find((i) => !i.liked && i.id !== target.id)!;
      const heard = changeOf('article_counter');
      await likeIn(other as TestApp, second.id);
      await heard;
      const counted = await statementsOf(async () => {
        const after = (await plaza()).items.find((i) => i.id === second.id)!;
        expect(after).toMatchObject({ liked: true, likeCount: second.likeCount + 1 });
      });
      expect(
        counted.some((q) => /\bjoin\b/i.test(q)),
        counted.join('\n'),
      ).toBe(false);
    });

    it('shows a work taken down by another API process on the very next read (PostgreSQL)', async () => {
      if (!other) return;
      const [first] = (await plaza()).items;
      const heard = changeOf('article');
      const otherToken = await tokenFor(other as TestApp, 'demo');
      await other.inject({
        method: 'POST',
        url: '/api/sysArticle/add',
        headers: bearer(otherToken),
        payload: { title: '另一个进程发布的', content: '内容', categoryId: 1 },
      });
      await heard;
      const after = await plaza();
      expect(after.items[0]!.title).toBe('另一个进程发布的');
      expect(after.items[1]!.id).toBe(first!.id);
    });

    it('lists pinned works first, newest pin first, never again on later pages; a pin or unpin shows at once, here and from another process', async () => {
      const pageOf = async (page: number, pageSize: number, target: TestApp = app) =>
        json<{ items: Card[]; total: number }>(
          await target.inject({
            method: 'POST',
            url: '/api/sysArticle/page',
            headers: bearer(token),
            payload: { page, pageSize },
          }),
        ).result;
      const pin = async (id: number, pinned: boolean, target: TestApp = app) => {
        const res = await target.inject({
          method: 'POST',
          url: '/api/console/content/pin',
          headers: bearer(await tokenFor(target, 'admin')),
          payload: { id, pinned },
        });
        expect(res.statusCode).toBe(200);
      };
      const ids = (items: Card[]) => items.map((i) => i.id);
      const listed = (await pageOf(1, 50)).items;
      const order = ids(listed);
      expect(order.length).toBeGreaterThan(9);
      const warm = await plaza();
      expect(await statementsOf(() => plaza())).toEqual([]);

      const [older, newer] = [order[8]!, order[4]!];
      await pin(older, true);
      await pin(newer, true);
      const rest = order.filter((id) => id !== older && id !== newer);
      const first = await pageOf(1, 5);
      expect(ids(first.items)).toEqual([newer, older, ...rest.slice(0, 3)]);
      expect(first.total).toBe(warm.total);
      expect(ids((await pageOf(2, 5)).items)).toEqual(rest.slice(3, 8));
      expect(ids((await pageOf(3, 5)).items)).toEqual(rest.slice(8, 13));
      // The cached first page shows the pins on the very next read.
      expect(ids((await plaza()).items)).toEqual([newer, older, ...rest.slice(0, 18)]);
      // An author's homepage keeps its own order (newest first).
      const author = listed.find((i) => i.id === older)!.author.id;
      const homepage = await app.inject({
        method: 'POST',
        url: '/api/sysArticle/page',
        headers: bearer(token),
        payload: { page: 1, pageSize: 5, authorId: author },
      });
      expect(ids(json<{ items: Card[] }>(homepage).result.items)).toEqual(
        ids(listed.filter((i) => i.author.id === author)).slice(0, 5),
      );

      await pin(newer, false);
      expect(ids((await plaza()).items).slice(0, 2)).toEqual([older, order[0]]);
      await pin(older, false);
      expect(ids((await plaza()).items)).toEqual(order.slice(0, 20));

      if (!other) return;
      // Another API process pins: this one drops its cached pages when it hears of it.
      let heard = changeOf('article');
      await pin(older, true, other as TestApp);
      await heard;
      expect(ids((await plaza()).items)[0]).toBe(older);
      heard = changeOf('article');
      await pin(older, false, other as TestApp);
      await heard;
      expect(ids((await plaza()).items)).toEqual(order.slice(0, 20));
    });
  });
});
