import { sql } from 'drizzle-orm';
import { idCardCheckChar } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { loadOrCreateSecret } from '../../platform/secrets.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, freshPhone, get, loginByPhone, passwordLogin, post } from '../../test/auth.js';
import { multipart, png } from '../../test/uploads.js';
import { createIdCardCipher, parseIdCardKey } from './id-card-crypto.js';

type Pair = { accessToken: string; refreshToken: string };
const first17 = '11010519491231002';
const ID = `${first17}${idCardCheckChar(first17)}`;
const wrongCheck = `${first17}${idCardCheckChar(first17) === '1' ? '2' : '1'}`;

describe('real-name verification', () => {
  const clock = fixedClock('2026-03-02T02:00:00.000Z');
  let app: TestApp;
  let admin: Pair;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    admin = json<Pair>(await passwordLogin(app, 'admin', 'admin123456')).result;
  });
  afterAll(() => app.close());

  const status = async (token?: string) =>
    json<{ status: number }>(await get(app, '/api/sysAuthenticationInfo/status', token)).result.status;

  it('no token and guests read Approved; a new user None', async () => {
    expect(await status()).toBe(2);
    const guest = json<Pair>(await post(app, '/api/sysAuth/visitorLogin', undefined)).result;
    expect(await status(guest.accessToken)).toBe(2);
    const user = await loginByPhone(app, freshPhone());
    expect(await status(user.accessToken)).toBe(0);
    expect(json(await get(app, '/api/sysAuthenticationInfo/detail', user.accessToken)).result).toEqual({
      status: 0,
      realName: null,
      idCardNum: null,
      idCardImages: [],
      idCardImageUrls: [],
      rejectReason: null,
      submitTime: null,
      reviewTime: null,
      enabled: true,
      requiredToPublish: false,
    });
  });

  it('bad name or ID number → 400 with the field messages, nothing stored', async () => {
    const user = await loginByPhone(app, freshPhone());
    const bad = await post(
      app,
      '/api/sysAuthenticationInfo/add',
      { realName: '1', idCardNum: wrongCheck },
      user.accessToken,
    );
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toEqual({ realName: ['请输入真实姓名'], idCardNum: ['请输入正确的身份证号'] });
    for (const idCardNum of [
      '110105194902301234',
      '11010519491231002',
      '1101051949123100XX',
      '110105491332123',
    ]) {
      const res = await post(
        app,
        '/api/sysAuthenticationInfo/add',
        { realName: '张三', idCardNum },
        user.accessToken,
      );
      expect(json(res).message).toEqual({ idCardNum: ['请输入正确的身份证号'] });
    }
    expect(await status(user.accessToken)).toBe(0);
  });

  it('submit → Pending, ID encrypted at rest and only ever answered masked; operator approves', async () => {
    const user = await loginByPhone(app, freshPhone());
    const body = multipart([
      { field: 'front', name: 'front.png', type: 'image/png', data: await png(800, 500) },
      { field: 'back', name: 'back.png', type: 'image/png', data: await png(800, 500) },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/sysAuthenticationInfo/uploadIdCardImageList',
      headers: { ...bearer(user.accessToken), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const { files } = json<{ files: string[] }>(uploaded).result;
    expect(files).toHaveLength(2);
    // Private: not served.
    const direct = await get(app, `/uploads/${files[0]}`);
    expect(String(direct.headers['content-type'])).not.toContain('image/');

    const res = await post(
      app,
      '/api/sysAuthenticationInfo/add',
      { realName: '张三', idCardNum: ID, idCardImages: files },
      user.accessToken,
    );
    expect(res.statusCode).toBe(200);
    const masked = `110***********${ID.slice(-4)}`;
    expect(json(res).result).toMatchObject({
      status: 1,
      realName: '张三',
      idCardNum: masked,
      idCardImages: files,
    });
    expect(res.body).not.toContain(ID);
    // The owner's result page shows the photos through signed private links, and only through them.
    const urls = json<{ idCardImageUrls: string[] }>(res).result.idCardImageUrls;
    expect(urls).toHaveLength(2);
    for (const [i, url] of urls.entries()) {
      expect(url).toMatch(new RegExp(`^/files/private/idcards/${files[i]!}\\?expires=\\d+&sig=`));
      const photo = await get(app, url);
      expect(photo.statusCode).toBe(200);
      expect(String(photo.headers['content-type'])).toMatch(/^image\//);
      expect((await get(app, url.replace(/sig=[^&]+/, 'sig=forged'))).statusCode).toBe(403);
    }
    expect(await status(user.accessToken)).toBe(1);
    const again = await post(
      app,
      '/api/sysAuthenticationInfo/add',
      { realName: '张三', idCardNum: ID },
      user.accessToken,
    );
    expect(again.statusCode).toBe(409);
    expect(json(again).extras?.error).toBe('real_name_exists');

    const raw = await app.platform.db.execute(sql`select * from user_real_name`);
    const rawText = JSON.stringify(raw);
    expect(rawText).not.toContain(ID);
    expect(rawText).not.toContain(first17);
    const row = (
      raw as unknown as { rows: { id_card_cipher: string; user_id: number; tenant_id: number }[] }
    ).rows.at(-1)!;
    expect(row.id_card_cipher).toMatch(/^v1:/);
    const cipher = createIdCardCipher(
      parseIdCardKey(loadOrCreateSecret(app.platform.dataDir, 'id-card-key', 32)),
    );
    expect(cipher.decrypt(row.id_card_cipher, row.tenant_id, row.user_id)).toBe(ID);
    // Bound to its row: the same ciphertext does not open for another user.
    expect(() => cipher.decrypt(row.id_card_cipher, row.tenant_id, row.user_id + 1)).toThrow();

    // Operators only.
    expect((await get(app, '/api/sysAuthenticationInfo/page', user.accessToken)).statusCode).toBe(403);
    const pending = json<{ items: { id: number; idCardNum: string; phone: string }[]; total: number }>(
      await get(app, '/api/sysAuthenticationInfo/page', admin.accessToken),
    ).result;
    const item = pending.items.find((i) => i.idCardNum === masked)!;
    expect(item).toBeDefined();
    expect(item.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(JSON.stringify(pending)).not.toContain(ID);

    clock.advance(3600_000);
    const approved = await post(
      app,
      '/api/sysAuthenticationInfo/approve',
      { id: item.id },
      admin.accessToken,
    );
    expect(json(approved).result).toMatchObject({ status: 2, reviewTime: clock.now().toISOString() });
    expect(await status(user.accessToken)).toBe(2);
    // The user is told in the message centre.
    const notices = json<{ items: { type: string; content: string; link: string | null }[] }>(
      await get(app, '/api/sysIMMessage/page?types=real_name', user.accessToken),
    ).result.items;
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'real_name',
        title: '实名认证结果',
        content: '你的实名认证已通过审核',
        link: '/auth/result',
      }),
    ]);
    // …in the language the user reads it in.
    const english = await app.inject({
      method: 'GET',
      url: '/api/sysIMMessage/page?types=real_name',
      headers: { authorization: `Bearer ${user.accessToken}`, 'accept-language': 'en' },
    });
    expect(json<{ items: { title: string; content: string }[] }>(english).result.items[0]!).toMatchObject({
      title: 'Identity verification',
      content: 'Your identity verification has been approved.',
    });
    expect(
      json(await post(app, '/api/sysAuthenticationInfo/approve', { id: item.id }, admin.accessToken)).extras
        ?.error,
    ).toBe('real_name_not_pending');
    const change = await post(
      app,
      '/api/sysAuthenticationInfo/update',
      { realName: '李四', idCardNum: ID },
      user.accessToken,
    );
    expect(change.statusCode).toBe(409);
    expect(json(change).extras?.error).toBe('real_name_approved');
  });

  it('rejected with a reason, then resubmitted (15-digit numbers accepted)', async () => {
    const user = await loginByPhone(app, freshPhone());
    expect(
      (
        await post(
          app,
          '/api/sysAuthenticationInfo/update',
          { realName: '王五', idCardNum: ID },
          user.accessToken,
        )
      ).statusCode,
    ).toBe(404);
    await post(
      app,
      '/api/sysAuthenticationInfo/add',
      { realName: '王五', idCardNum: '110105491231002' },
      user.accessToken,
    );
    const pending = json<{ items: { id: number; realName: string }[] }>(
      await get(app, '/api/sysAuthenticationInfo/page?status=1&pageSize=100', admin.accessToken),
    ).result;
    const id = pending.items.find((i) => i.realName === '王五')!.id;
    const noReason = await post(
      app,
      '/api/sysAuthenticationInfo/reject',
      { id, reason: ' ' },
      admin.accessToken,
    );
    expect(noReason.statusCode).toBe(400);
    await post(app, '/api/sysAuthenticationInfo/reject', { id, reason: '照片不清晰' }, admin.accessToken);
    const detail = json<{ status: number; rejectReason: string; idCardNum: string }>(
      await get(app, '/api/sysAuthenticationInfo/detail', user.accessToken),
    ).result;
    expect(detail).toMatchObject({ status: 4, rejectReason: '照片不清晰', idCardNum: '110********1002' });
    const rejected = json<{ total: number }>(
      await get(app, '/api/sysAuthenticationInfo/page?status=4', admin.accessToken),
    ).result;
    expect(rejected.total).toBeGreaterThanOrEqual(1);

    const again = await post(
      app,
      '/api/sysAuthenticationInfo/update',
      { realName: '王五', idCardNum: ID },
      user.accessToken,
    );
    expect(json(again).result).toMatchObject({ status: 1, rejectReason: null, reviewTime: null });
  });

  it('images must be the caller’s own uploads', async () => {
    const owner = await loginByPhone(app, freshPhone());
    const body = multipart([{ field: 'file', name: 'a.png', type: 'image/png', data: await png(100, 100) }]);
    const { files } = json<{ files: string[] }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysAuthenticationInfo/uploadIdCardImageList',
        headers: { ...bearer(owner.accessToken), ...body.headers },
        payload: body.payload,
      }),
    ).result;
    const thief = await loginByPhone(app, freshPhone());
    for (const key of [files[0]!, '../../secrets.json', `${files[0]!.split('/')[0]}/../x.png`]) {
      const res = await post(
        app,
        '/api/sysAuthenticationInfo/add',
        { realName: '赵六', idCardNum: ID, idCardImages: [key] },
        thief.accessToken,
      );
      expect(res.statusCode).toBe(400);
      expect(json(res).extras?.error).toBe('id_card_image_invalid');
    }
    expect(await status(thief.accessToken)).toBe(0);
  });

  it('idCardEnable off: status reads Approved and submissions are refused', async () => {
    const user = await loginByPhone(app, freshPhone());
    expect(await status(user.accessToken)).toBe(0);
    await app.platform.db.execute(
      sql`update sys_dict_data set data = 'false'::jsonb where dict_name = 'app_config' and value = 'idCardEnable'`,
    );
    try {
      expect(await status(user.accessToken)).toBe(2);
      const res = await post(
        app,
        '/api/sysAuthenticationInfo/add',
        { realName: '周八', idCardNum: ID },
        user.accessToken,
      );
      expect(res.statusCode).toBe(409);
      expect(json(res).extras?.error).toBe('real_name_disabled');
      expect(
        json<{ enabled: boolean }>(await get(app, '/api/sysAuthenticationInfo/detail', user.accessToken))
          .result.enabled,
      ).toBe(false);
    } finally {
      await app.platform.db.execute(
        sql`update sys_dict_data set data = 'true'::jsonb where dict_name = 'app_config' and value = 'idCardEnable'`,
      );
    }
  });
  /** Issue 27 point 14: the page said 发布内容前需完成实名认证 while publishing worked without it. One rule now. */
  it('realNameToPublish: the page says it and publishing applies it; off (the default), neither', async () => {
    const setRule = (on: boolean) =>
      app.platform.db.execute(
        sql`update sys_dict_data set data = ${on ? 'true' : 'false'}::jsonb where dict_name = 'app_config' and value = 'realNameToPublish'`,
      );
    const user = await loginByPhone(app, freshPhone());
    const detail = async () =>
      json<{ requiredToPublish: boolean }>(
        await get(app, '/api/sysAuthenticationInfo/detail', user.accessToken),
      ).result.requiredToPublish;
    const publish = (title: string) =>
      post(app, '/api/sysArticle/add', { title, content: '今天的第一篇作品' }, user.accessToken);

    expect(await detail()).toBe(false);
    expect((await publish('默认无需实名')).statusCode).toBe(200);

    await setRule(true);
    try {
      expect(await detail()).toBe(true);
      const refused = await publish('未实名发布');
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({
        message: '根据相关规定，发布内容前需完成实名认证',
        extras: { error: 'real_name_required' },
      });
      // A draft is not publishing.
      const draft = await post(
        app,
        '/api/sysArticle/add',
        { title: '草稿', content: '草稿', isDraft: true },
        user.accessToken,
      );
      expect(draft.statusCode).toBe(200);

      await post(
        app,
        '/api/sysAuthenticationInfo/add',
        { realName: '吴九', idCardNum: ID },
        user.accessToken,
      );
      const [row] = (
        (await app.platform.db.execute(
          sql`select id from user_real_name where real_name = '吴九'`,
        )) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      await post(app, '/api/sysAuthenticationInfo/approve', { id: row!.id }, admin.accessToken);
      expect((await publish('实名后发布')).statusCode).toBe(200);

      // With the check itself off, the rule says nothing.
      await app.platform.db.execute(
        sql`update sys_dict_data set data = 'false'::jsonb where dict_name = 'app_config' and value = 'idCardEnable'`,
      );
      const other = await loginByPhone(app, freshPhone());
      expect(
        (await post(app, '/api/sysArticle/add', { title: '未开实名', content: '正文' }, other.accessToken))
          .statusCode,
      ).toBe(200);
    } finally {
      await setRule(false);
      await app.platform.db.execute(
        sql`update sys_dict_data set data = 'true'::jsonb where dict_name = 'app_config' and value = 'idCardEnable'`,
      );
    }
  });
});
