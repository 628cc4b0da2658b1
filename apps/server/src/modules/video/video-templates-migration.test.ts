import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';

/** Migration 0041 on an install seeded before it: only templates still as seeded lose the banner and the inserts. */
describe('migration 0041 (video templates of their own)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const rows = async () =>
    (
      (await app.platform.db.execute(
        sql`SELECT "value", "data"->>'cover' AS cover, "data"->'inserts' AS inserts FROM "sys_dict_data"
            WHERE "dict_name" = 'video_template' AND "value" IN ('talk-vertical', 'knowledge', 'food') ORDER BY "value"`,
      )) as { rows: unknown[] }
    ).rows as { value: string; cover: string; inserts: unknown }[];

  it('moves seeded rows to their own backgrounds and drops our inserts, leaving an operator’s edits alone', async () => {
    const db = app.platform.db;
    // As the old seed left them; `food` edited by the operator (its own cover) stays as they made it.
    await db.execute(sql`UPDATE "sys_dict_data" SET "data" = "data"
        || '{"cover": "/static/images/banner-video.svg", "inserts": ["intro-brand", "outro-follow"]}'::jsonb
        WHERE "dict_name" = 'video_template' AND "value" = 'talk-vertical'`);
    await db.execute(sql`UPDATE "sys_dict_data" SET "data" = "data"
        || '{"cover": "/static/images/banner-video.svg", "inserts": ["outro-made-with"]}'::jsonb
        WHERE "dict_name" = 'video_template' AND "value" = 'knowledge'`);
    await db.execute(sql`UPDATE "sys_dict_data" SET "data" = "data"
        || '{"cover": "/uploads/mine.png", "inserts": ["intro-brand"]}'::jsonb
        WHERE "dict_name" = 'video_template' AND "value" = 'food'`);
    const migration = readFileSync(
      new URL('../../../drizzle/0041_video-own-backgrounds.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    expect(await rows()).toEqual([
      { value: 'food', cover: '/uploads/mine.png', inserts: ['intro-brand'] },
      { value: 'knowledge', cover: '/static/images/video-bg-knowledge.svg', inserts: null },
      { value: 'talk-vertical', cover: '/static/images/video-bg-talk-vertical.svg', inserts: null },
    ]);
  });
});
