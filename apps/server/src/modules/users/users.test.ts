import { DEFAULT_WELCOME_GIFT } from '@app/contract';
import { decodeJwt } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import {
  bearer,
  freshPhone,
  get,
  lastCode,
  loginByPhone,
  passwordLogin,
  post,
  sendCode,
} from '../../test/auth.js';
import { multipart, png } from '../../test/uploads.js';
import { blockedAuthorIds } from './user-block.repository.js';

type Pair = { accessToken: string; refreshToken: string };

describe('user profile and settings', () => {
  const clock = fixedClock('2026-03-02T02:00:00.000Z');
  let app: TestApp;
  let demo: Pair;
  beforeAll(async () => {
    app = await createTestApp({}, { clock });
    demo = json<Pair>(await passwordLogin(app, 'demo', 'demo123456')).result;
  });
  afterAll(() => app.close());

  const uidOf = (pair: Pair) => decodeJwt(pair.accessToken).uid as number;

  it('baseInfo of a new SMS user shows the spec §3 defaults, the new-user gift and a masked phone', async () => {
    const phone = freshPhone();
    const pair = await loginByPhone(app, phone);
    const res = await get(app, '/api/sysUser/baseInfo', pair.accessToken);
    expect(json(res).result).toEqual({
      id: uidOf(pair),
      account: null,
      nickName: `用户${phone.slice(-4)}`,
      avatar: '/static/images/avatar-default.svg',
      introduction: '这个人很懒，什么都没有留下～',
      sex: 1,
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      vipLevel: 0,
      vipExpireDate: null,
      isVip: false,
      gold: DEFAULT_WELCOME_GIFT.gold,
      points: DEFAULT_WELCOME_GIFT.points,
      hasPassword: false,
      roles: ['user'],
      createTime: clock.now().toISOString(),
      deletionDueAt: null,
    });
    // The default avatar exists.
    expect((await get(app, '/static/images/avatar-default.svg')).statusCode).toBe(200);
  });

  it('nickname and introduction: validated, censored (fillers skipped), saved and shown to others', async () => {
    const pair = await loginByPhone(app, freshPhone());
    const token = pair.accessToken;
    const saved = await post(
      app,
      '/api/sysUser/updateBaseInfo',
      { nickName: ' 写诗的小李 ', introduction: '喜欢写诗' },
      token,
    );
    expect(saved.statusCode).toBe(200);
    expect(json<{ nickName: string; introduction: string }>(saved).result).toMatchObject({
      nickName: '写诗的小李',
      introduction: '喜欢写诗',
    });
    const other = json<{ nickName: string; introduction: string }>(
      await get(app, `/api/sysUser/userInfo?userId=${String(uidOf(pair))}`),
    ).result;
    expect(other).toMatchObject({ nickName: '写诗的小李', introduction: '喜欢写诗' });

    const sensitive = await post(app, '/api/sysUser/updateBaseInfo', { introduction: '一起来赌*博' }, token);
    expect(sensitive.statusCode).toBe(400);
    expect(json(sensitive).extras?.error).toBe('profile_text_sensitive');
    expect(json(sensitive).message).toBe('内容包含敏感词：赌博，请修改后再保存');
    for (const body of [
      {},
      { nickName: '' },
      { nickName: '长'.repeat(21) },
      { introduction: '长'.repeat(101) },
    ]) {
      expect(
        (await post(app, '/api/sysUser/updateBaseInfo', body, token)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    // Nothing of the refused changes was kept; an emptied introduction shows the placeholder again.
    expect(
      json<{ introduction: string }>(await get(app, '/api/sysUser/baseInfo', token)).result.introduction,
    ).toBe('喜欢写诗');
    await post(app, '/api/sysUser/updateBaseInfo', { introduction: '' }, token);
    expect(
      json<{ introduction: string }>(await get(app, '/api/sysUser/baseInfo', token)).result.introduction,
    ).toBe('这个人很懒，什么都没有留下～');
    // The placeholder sent back unchanged by the edit form (here the English one) is not stored as the user's
    // own text: readers in every language still see the placeholder in theirs.
    const english = { 'accept-language': 'en' };
    const placeholder = json<{ introduction: string }>(
      await app.inject({
        method: 'GET',
        url: '/api/sysUser/baseInfo',
        headers: { ...bearer(token), ...english },
      }),
    ).result.introduction;
    expect(placeholder).not.toBe('这个人很懒，什么都没有留下～');
    const unchanged = await post(
      app,
      '/api/sysUser/updateBaseInfo',
      { introduction: placeholder },
      token,
      english,
    );
    expect(unchanged.statusCode).toBe(200);
    expect(
      json<{ introduction: string }>(await get(app, '/api/sysUser/baseInfo', token)).result.introduction,
    ).toBe('这个人很懒，什么都没有留下～');
  });

  it('VIP is level > 0 and expiry in the future, by the clock', async () => {
    const vip = json<Pair>(await passwordLogin(app, 'demovip', 'demo123456')).result;
    const info = json<{ isVip: boolean; vipLevel: number; vipExpireDate: string }>(
      await get(app, '/api/sysUser/baseInfo', vip.accessToken),
    ).result;
    expect(info).toMatchObject({ isVip: true, vipLevel: 1, phone: '138****0001' });
    const saved = clock.now();
    clock.set(new Date(Date.parse(info.vipExpireDate) + 1000));
    const later = await passwordLogin(app, 'demovip', 'demo123456');
    const after = json<{ isVip: boolean }>(
      await get(app, '/api/sysUser/baseInfo', json<Pair>(later).result.accessToken),
    ).result;
    expect(after.isVip).toBe(false);
    clock.set(saved);
  });

  it('another user’s public profile never carries their phone or account', async () => {
    const vipId = decodeJwt(
      json<Pair>(await passwordLogin(app, 'demovip', 'demo123456')).result.accessToken,
    ).uid;
    for (const token of [undefined, demo.accessToken]) {
      const res = await get(app, `/api/sysUser/userInfo?userId=${String(vipId)}`, token);
      expect(res.statusCode).toBe(200);
      const profile = json<Record<string, unknown>>(res).result;
      expect(profile).toMatchObject({ id: vipId, nickName: '会员小周', isVip: true, isDeleted: false });
      expect(Object.keys(profile)).not.toContain('phone');
      expect(Object.keys(profile)).not.toContain('account');
      expect(res.body).not.toContain('13800000001');
      expect(res.body).not.toContain('0001');
    }
    expect((await get(app, '/api/sysUser/userInfo?userId=424242')).statusCode).toBe(404);
    expect(json(await get(app, '/api/sysUser/userInfo?userId=abc')).message).toHaveProperty('userId');
  });

  it('metadata: merge, remove with null, homeBg validated, size-limited, shown on the public profile', async () => {
    const pair = await loginByPhone(app, freshPhone());
    const put = (metadata: unknown) =>
      post(app, '/api/sysUserExtInfo/metadataUpdate', { metadata }, pair.accessToken);
    const first = await put({ homeBg: '/static/images/wallpaper/1.jpg', theme: 'dark', guideDone: true });
    expect(json(first).result).toEqual({
      userId: uidOf(pair),
      metadata: { homeBg: '/static/images/wallpaper/1.jpg', theme: 'dark', guideDone: true },
    });
    await put({ theme: null, fontScale: 1.2 });
    const detail = json(await get(app, '/api/sysUserExtInfo/currentUserDetail', pair.accessToken)).result;
    expect(detail).toEqual({
      userId: uidOf(pair),
      metadata: { homeBg: '/static/images/wallpaper/1.jpg', guideDone: true, fontScale: 1.2 },
    });

    const bad = await put({ homeBg: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toEqual({ 'metadata.homeBg': ['背景图片地址无效'] });
    const badKey = await put({ 'bad key': 1 });
    expect(badKey.statusCode).toBe(400);
    const nested = await put({ deep: { a: 1 } });
    expect(nested.statusCode).toBe(400);
    const big = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, 'x'.repeat(400)]));
    const tooLarge = await put(big);
    expect(tooLarge.statusCode).toBe(400);
    expect(json(tooLarge).extras?.error).toBe('metadata_too_large');
    // Nothing changed by the refused updates.
    expect(json(await get(app, '/api/sysUserExtInfo/currentUserDetail', pair.accessToken)).result).toEqual(
      detail,
    );

    const profile = json<{ homeBg: string }>(
      await get(app, `/api/sysUser/userInfo?userId=${uidOf(pair)}`),
    ).result;
    expect(profile.homeBg).toBe('/static/images/wallpaper/1.jpg');
  });

  it('avatar upload: checked by content, stored and served under /uploads/', async () => {
    const pair = await loginByPhone(app, freshPhone());
    const upload = async (files: Parameters<typeof multipart>[0]) => {
      const body = multipart(files);
      return app.inject({
        method: 'POST',
        url: '/api/sysFile/uploadAvatar',
        headers: { ...bearer(pair.accessToken), ...body.headers },
        payload: body.payload,
      });
    };
    const ok = await upload([
      { field: 'file', name: 'me.png', type: 'image/png', data: await png(200, 200) },
    ]);
    expect(ok.statusCode).toBe(200);
    const { url } = json<{ url: string }>(ok).result;
    expect(url).toMatch(/^\/uploads\/avatars\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const served = await get(app, url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(
      json<{ avatar: string }>(await get(app, '/api/sysUser/baseInfo', pair.accessToken)).result.avatar,
    ).toBe(url);

    // A text file named .png is refused by its content.
    const fake = await upload([
      { field: 'file', name: 'evil.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(json(fake).extras?.error).toBe('image_type_not_allowed');
    // GIF is not a general image (spec §9).
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(
      json(await upload([{ field: 'file', name: 'a.jpg', type: 'image/jpeg', data: gif }])).extras?.error,
    ).toBe('image_type_not_allowed');
    const wide = await upload([
      { field: 'file', name: 'wide.png', type: 'image/png', data: await png(2000, 1000) },
    ]);
    expect(json(wide).extras).toMatchObject({
      error: 'image_dimensions_too_large',
      maxWidth: 1920,
      maxHeight: 1080,
    });
    const noise = await sharp(
      Buffer.from(Array.from({ length: 1000 * 1000 * 3 }, () => Math.floor(Math.random() * 256))),
      {
        raw: { width: 1000, height: 1000, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const heavy = await upload([{ field: 'file', name: 'big.png', type: 'image/png', data: noise }]);
    expect(heavy.statusCode).toBe(400);
    expect(json(heavy).extras?.error).toBe('image_too_large');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/sysFile/uploadAvatar',
      headers: bearer(pair.accessToken),
      payload: { file: 'x' },
    });
    expect(json(missing).extras?.error).toBe('image_missing');
    // The refused uploads left the avatar alone.
    expect(
      json<{ avatar: string }>(await get(app, '/api/sysUser/baseInfo', pair.accessToken)).result.avatar,
    ).toBe(url);
  });

  it('changePhone: SMS code sent to the new phone; refused when the phone is taken or the code wrong', async () => {
    const oldPhone = freshPhone();
    const pair = await loginByPhone(app, oldPhone);
    const newPhone = freshPhone();
    const taken = await post(
      app,
      '/api/sysUser/changePhone',
      { phone: '13800000000', code: '123456' },
      pair.accessToken,
    );
    expect(taken.statusCode).toBe(400);
    expect(json(taken).message).toEqual({ phone: ['该手机号已被其他账号使用'] });
    await sendCode(app, newPhone);
    const code = await lastCode(app, newPhone);
    const wrong = await post(
      app,
      '/api/sysUser/changePhone',
      { phone: newPhone, code: code === '000000' ? '111111' : '000000' },
      pair.accessToken,
    );
    expect(json(wrong).message).toEqual({ code: ['验证码错误'] });
    expect(
      json<{ phone: string }>(await get(app, '/api/sysUser/baseInfo', pair.accessToken)).result.phone,
    ).toBe(`${oldPhone.slice(0, 3)}****${oldPhone.slice(-4)}`);
    const ok = await post(app, '/api/sysUser/changePhone', { phone: newPhone, code }, pair.accessToken);
    expect(ok.statusCode).toBe(200);
    expect(
      json<{ phone: string }>(await get(app, '/api/sysUser/baseInfo', pair.accessToken)).result.phone,
    ).toBe(`${newPhone.slice(0, 3)}****${newPhone.slice(-4)}`);
  });

  it('set first password once; then change it; changePwdBySms resets it and ends every session', async () => {
    const phone = freshPhone();
    const pair = await loginByPhone(app, phone);
    const short = await post(app, '/api/sysUser/setPwd', { password: '12345' }, pair.accessToken);
    expect(json(short).message).toEqual({ password: ['密码长度为6-21位'] });
    expect((await passwordLogin(app, phone, '12345')).statusCode).toBe(400);
    expect(
      (await post(app, '/api/sysUser/setPwd', { password: 'first-pass' }, pair.accessToken)).statusCode,
    ).toBe(200);
    const again = await post(app, '/api/sysUser/setPwd', { password: 'other-pass' }, pair.accessToken);
    expect(again.statusCode).toBe(409);
    expect(json(again).extras?.error).toBe('password_already_set');
    expect(
      json<{ hasPassword: boolean }>(await get(app, '/api/sysAuth/userInfo', pair.accessToken)).result
        .hasPassword,
    ).toBe(true);

    clock.advance(61_000);
    const unknown = await post(app, '/api/sysUser/changePwdBySms', {
      phone: freshPhone(),
      code: '123456',
      password: 'reset-pass',
    });
    expect(json(unknown).message).toEqual({ phone: ['该手机号尚未注册'] });
    await sendCode(app, phone);
    const code = await lastCode(app, phone);
    const reset = await post(app, '/api/sysUser/changePwdBySms', { phone, code, password: 'reset-pass' });
    expect(reset.statusCode).toBe(200);
    expect(json(await get(app, '/api/sysUser/baseInfo', pair.accessToken)).extras?.error).toBe(
      'session_revoked',
    );
    expect((await passwordLogin(app, phone, 'first-pass')).statusCode).toBe(400);
    expect((await passwordLogin(app, phone, 'reset-pass')).statusCode).toBe(200);
  });

  it('block list: add, list, page, remove; blockedAuthorIds for content lists', async () => {
    const me = await loginByPhone(app, freshPhone());
    const a = await loginByPhone(app, freshPhone());
    const b = await loginByPhone(app, freshPhone());
    const [aId, bId, myId] = [uidOf(a), uidOf(b), uidOf(me)];
    expect(
      json(await post(app, '/api/sysUserBlock/add', { userId: myId }, me.accessToken)).extras?.error,
    ).toBe('cannot_block_self');
    expect((await post(app, '/api/sysUserBlock/add', { userId: 424242 }, me.accessToken)).statusCode).toBe(
      404,
    );
    await post(app, '/api/sysUserBlock/add', { userId: aId }, me.accessToken);
    clock.advance(1000);
    await post(app, '/api/sysUserBlock/add', { userId: bId }, me.accessToken);
    await post(app, '/api/sysUserBlock/add', { userId: bId }, me.accessToken);
    expect(json(await get(app, '/api/sysUserBlock/list', me.accessToken)).result).toEqual({
      userId: myId,
      blockedUserIds: [bId, aId],
    });
    const page = json<{ items: { userId: number; nickName: string }[]; total: number }>(
      await get(app, '/api/sysUserBlock/page?page=1&pageSize=1', me.accessToken),
    ).result;
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.userId).toBe(bId);
    expect(await blockedAuthorIds(app.platform.db, 1, myId)).toEqual([bId, aId]);
    // Another tenant never sees the list.
    expect(await blockedAuthorIds(app.platform.db, 2, myId)).toEqual([]);
    expect(
      json<{ isBlocked: boolean }>(await get(app, `/api/sysUser/userInfo?userId=${aId}`, me.accessToken))
        .result.isBlocked,
    ).toBe(true);

    await post(app, '/api/sysUserBlock/remove', { userId: aId }, me.accessToken);
    expect(await blockedAuthorIds(app.platform.db, 1, myId)).toEqual([bId]);
    // Lists are the blocker's own.
    expect(await blockedAuthorIds(app.platform.db, 1, aId)).toEqual([]);
  });
});
