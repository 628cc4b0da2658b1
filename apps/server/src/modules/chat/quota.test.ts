import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHAT_VIP_LINK, DEFAULT_TENANT_ID } from '@app/contract';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { users } from '../../platform/identity/identity.table.js';
import { createChatRepository } from './chat.repository.js';

// 23:58 on 2025-03-09 in Asia/Shanghai (UTC+8).
const clock = fixedClock('2025-03-09T15:58:00Z');

describe('daily question quota', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp({ AI_TEXT_OFFLINE_DELAY_MS: 0 }, { clock });
    token = await tokenFor(app, 'demo');
  });
  afterAll(() => app.close());

  const ask = (t = token, locale = 'zh-CN') =>
    app.inject({
      method: 'POST',
      url: '/api/sysMessage/sendToRobotForSSE/999',
      headers: { ...bearer(t), 'accept-language': locale },
      payload: { content: '写一句早安问候' },
    });
  const quota = async (t = token) =>
    json<{ used: number; limit: number | null; remaining: number | null; isVip: boolean; date: string }>(
      await app.inject({ method: 'GET', url: '/api/sysMessage/quota', headers: bearer(t) }),
    ).result;

  it('allows questionNum (5) questions per Shanghai day, then answers 429 offering the member centre', async () => {
    expect(await quota()).toEqual({ used: 0, limit: 5, remaining: 5, isVip: false, date: '2025-03-09' });
    for (let i = 0; i < 5; i += 1) {
      const res = await ask();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    }
    expect(await quota()).toMatchObject({ used: 5, remaining: 0 });
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    const body = json(refused);
    expect(body.extras).toMatchObject({ error: 'question_quota_exceeded', limit: 5, vipLink: CHAT_VIP_LINK });
    expect(body.message).toContain('会员');
    const english = json(await ask(token, 'en'));
    expect(english.message).toContain('member centre');
  });

  it('resets when the date moves forward at 00:00 Asia/Shanghai, not at UTC midnight', async () => {
    clock.set('2025-03-09T15:59:59Z'); // 23:59:59 in Shanghai: still the same day
    expect((await ask()).statusCode).toBe(429);
    clock.set('2025-03-09T16:00:00Z'); // 00:00 on 2025-03-10 in Shanghai
    expect(await quota()).toEqual({ used: 0, limit: 5, remaining: 5, isVip: false, date: '2025-03-10' });
    expect((await ask()).statusCode).toBe(200);
    expect(await quota()).toMatchObject({ used: 1, date: '2025-03-10' });
    // A clock that goes back does not hand out a fresh day.
    clock.set('2025-03-09T15:00:00Z');
    expect(await quota()).toMatchObject({ used: 1 });
    clock.set('2025-03-10T02:00:00Z');
  });

  it('does not limit VIP members while their membership runs', async () => {
    const vip = await tokenFor(app, 'demovip');
    expect(await quota(vip)).toMatchObject({ isVip: true, limit: null, remaining: null });
    for (let i = 0; i < 7; i += 1) expect((await ask(vip)).statusCode).toBe(200);
    // Expired membership: limited again.
    await app.platform.db
      .update(users)
      .set({ vipExpireAt: new Date(clock.now().getTime() - 1000) })
      .where(and(eq(users.tenantId, DEFAULT_TENANT_ID), eq(users.account, 'demovip')));
    expect(await quota(vip)).toMatchObject({ isVip: false, limit: 5 });
  });

  it('never spends more than the limit under concurrent questions', async () => {
    const repo = createChatRepository(app.platform.db);
    const [user] = await app.platform.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.account, 'admin'));
    const results = await Promise.all(
      Array.from({ length: 12 }, () => repo.consumeQuestion(DEFAULT_TENANT_ID, user!.id, '2025-03-10', 5)),
    );
    expect(results.filter((r) => r !== null).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await repo.questionsUsed(DEFAULT_TENANT_ID, user!.id, '2025-03-10')).toBe(5);
  });
});
