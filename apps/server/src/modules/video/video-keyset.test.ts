import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { createTestUser } from '../../test/tokens.js';
import { createVideoRepository } from './video.repository.js';

/** My videos by cursor (issue 26): no duplicates or gaps while videos arrive, deleted ones left out. */
describe('video list keyset paging', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('walks my videos newest first', async () => {
    const user = await createTestUser(app);
    const add = (count: number, start: string) =>
      app.platform.db.execute(sql`
        insert into video_task (tenant_id, user_id, title, text, template_id, template_label, voice, speed,
                                subtitle_anchor, image_source, estimate_words, estimate_seconds, width, height,
                                created_at, expire_at, deleted_at)
        select 1, ${user.uid}, 't', 't', 'x', 'x', 'v', 1, 1, 'x', 1, 1, 1, 1,
               ${start}::timestamptz + (g / 2) * interval '1.000001 second', now() + interval '30 days',
               case when g % 7 = 0 then now() end
        from generate_series(1, ${count}) g`);
    await add(30, '2026-01-01T00:00:00Z');
    const repo = createVideoRepository(app.platform.db);
    const expected = (
      (await app.platform.db.execute(sql`
        select id from video_task where user_id = ${user.uid} and deleted_at is null
        order by created_at desc, id desc`)) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
    const seen: number[] = [];
    let cursor: number | null = null;
    let day = 10;
    do {
      const page: Awaited<ReturnType<typeof repo.page>> = await repo.page(1, user.uid, {
        page: 1,
        pageSize: 4,
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      await add(2, `2026-02-${day++}T00:00:00Z`);
    } while (cursor);
    expect(seen).toEqual(expected);
  });
});
