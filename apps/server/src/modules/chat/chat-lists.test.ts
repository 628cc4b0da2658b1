import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { createTestUser } from '../../test/tokens.js';
import { createChatRepository } from './chat.repository.js';

interface KeysetResult {
  items: { id: number }[];
  hasMore: boolean;
  nextCursor: number | null;
}

/** Chat history and conversations by cursor, and the start-up sweep through its partial index (issue 26). */
describe('chat lists and the streaming sweep at volume', () => {
  let app: TestApp;
  let user: Awaited<ReturnType<typeof createTestUser>>;
  let conversationId: number;
  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: false });
    user = await createTestUser(app);
    const created = await app.platform.db.execute(sql`
      insert into chat_conversation (tenant_id, user_id, robot_id, title)
      values (1, ${user.uid}, 999, 'c') returning id`);
    conversationId = (created as unknown as { rows: { id: number }[] }).rows[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.platform.db.execute(query)) as unknown as { rows: T[] }).rows;
  const addMessages = (count: number, status: string, age: string) =>
    app.platform.db.execute(sql`
      insert into chat_message (tenant_id, conversation_id, user_id, robot_id, role, content, status, created_at, updated_at)
      select 1, ${conversationId}, ${user.uid}, 999, case when g % 2 = 0 then 'user' else 'assistant' end,
             'm' || g, ${status}, now() - ${age}::interval, now() - ${age}::interval
      from generate_series(1, ${count}) g`);
  const walk = async (url: string, extra: Record<string, string>, between?: () => Promise<unknown>) => {
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const query = new URLSearchParams({
        pageSize: '9',
        ...extra,
        ...(cursor ? { cursor: String(cursor) } : {}),
      });
      const res = await app.inject({ method: 'GET', url: `${url}?${query}`, headers: user.auth });
      expect(res.statusCode, res.body).toBe(200);
      const result: KeysetResult = json<KeysetResult>(res).result;
      seen.push(...result.items.map((i) => i.id));
      cursor = result.nextCursor;
      await between?.();
    } while (cursor);
    return seen;
  };

  it('pages the chat history by cursor without duplicates or gaps while the user keeps chatting', async () => {
    await addMessages(40, 'done', '1 day');
    const expected = (
      await rows<{ id: number }>(
        sql`select id from chat_message where user_id = ${user.uid} order by id desc`,
      )
    ).map((r) => r.id);
    const seen = await walk('/api/sysMessage/history', { robotId: '999' }, () => addMessages(3, 'done', '0'));
    expect(seen).toEqual(expected);
  });

  it('pages conversations by cursor (latest first)', async () => {
    await app.platform.db.execute(sql`
      insert into chat_conversation (tenant_id, user_id, robot_id, title, updated_at)
      select 1, ${user.uid}, 999, 'c' || g, timestamptz '2026-01-01 00:00:00.000001+00' + (g / 3) * interval '1 minute'
      from generate_series(1, 25) g`);
    const expected = (
      await rows<{ id: number }>(
        sql`select id from chat_conversation where user_id = ${user.uid} order by updated_at desc, id desc`,
      )
    ).map((r) => r.id);
    expect(await walk('/api/sysMessage/conversations', {})).toEqual(expected);
  });

  it('closes answers a dead process left streaming, through the partial index rather than a scan', async () => {
    await addMessages(20000, 'done', '2 days');
    await addMessages(3, 'streaming', '2 hours');
    await addMessages(1, 'streaming', '1 second');
    await app.platform.db.execute(sql`analyze chat_message`);
    const statements: string[] = [];
    app.platform.database.onQuery((text) => statements.push(text));
    const now = new Date();
    const repo = createChatRepository(app.platform.db);
    // As an API process of a cluster starts: only answers older than any live one are closed.
    expect(await repo.closeInterruptedAnswers(now, new Date(now.getTime() - 30 * 60_000))).toBe(3);
    expect(
      await rows<{ status: string; n: number }>(sql`
        select status, count(*)::int as n from chat_message where status <> 'done' group by status order by status`),
    ).toEqual([
      { status: 'stopped', n: 3 },
      { status: 'streaming', n: 1 },
    ]);
    // The statement the sweep sent, planned with its parameters: it reads the streaming rows by index.
    const update = statements.find((s) => s.startsWith('update "chat_message"'))!;
    expect(update).toBeDefined();
    await app.platform.db.execute(sql.raw(`prepare sweep as ${update}`));
    const plan = await rows<{ 'QUERY PLAN': string }>(
      sql.raw(
        `explain execute sweep('stopped', '${now.toISOString()}', 'streaming', '${now.toISOString()}', '${now.toISOString()}')`,
      ),
    );
    await app.platform.db.execute(sql.raw('deallocate sweep'));
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('chat_message_streaming_idx');
    expect(text).not.toContain('Seq Scan');
  });
});
