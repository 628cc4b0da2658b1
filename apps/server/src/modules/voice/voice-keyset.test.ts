import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { createTestUser } from '../../test/tokens.js';
import { createVoiceRepository } from './voice.repository.js';

/** My dubbings and subtitles by cursor (issue 26): no duplicates or gaps while tasks arrive, deleted ones left out. */
describe('voice task lists keyset paging', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('walks one kind of my tasks newest first', async () => {
    const user = await createTestUser(app);
    const add = (count: number, start: string) =>
      app.platform.db.execute(sql`
        insert into voice_task (tenant_id, user_id, kind, created_at, deleted_at)
        select 1, ${user.uid}, case when g % 3 = 0 then 'asr' else 'tts' end,
               ${start}::timestamptz + (g / 2) * interval '1.000001 second', case when g % 7 = 0 then now() end
        from generate_series(1, ${count}) g`);
    await add(40, '2026-01-01T00:00:00Z');
    const repo = createVoiceRepository(app.platform.db);
    for (const kind of ['tts', 'asr'] as const) {
      const expected = (
        (await app.platform.db.execute(sql`
          select id from voice_task where user_id = ${user.uid} and kind = ${kind} and deleted_at is null
          order by created_at desc, id desc`)) as unknown as { rows: { id: number }[] }
      ).rows.map((r) => r.id);
      const seen: number[] = [];
      let cursor: number | null = null;
      let day = 10;
      do {
        const page: Awaited<ReturnType<typeof repo.page>> = await repo.page(1, user.uid, kind, {
          page: 1,
          pageSize: 4,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
        await add(2, `2026-02-${day++}T00:00:00Z`);
      } while (cursor);
      expect(seen).toEqual(expected);
    }
  });
});
