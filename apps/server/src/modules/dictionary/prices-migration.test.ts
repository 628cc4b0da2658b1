import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { getAppConfig } from './dictionary.service.js';

/** Migration 0042 on an install priced before it: the operator's one word price becomes the video's and the dubbing's. */
describe('migration 0042 (a price per capability)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("keeps an operator's word price for both video and dubbing, subtitles free, the old key gone", async () => {
    const db = app.platform.db;
    // As an install priced before it: one goldPerWord of 25 for video and dubbing.
    await db.execute(sql`UPDATE "sys_dict_data"
        SET "data" = '{"perSecondWord": 4, "goldPerWord": 25, "goldPerImage": 40, "goldPerUpscale": 10}'::jsonb,
            "label" = '价格参数（每秒字数、配音每字金币、绘画每张金币）'
        WHERE "dict_name" = 'app_config' AND "value" = 'prices'`);
    const migration = readFileSync(
      new URL('../../../drizzle/0042_prices-per-capability.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const [row] = (
      (await db.execute(
        sql`SELECT "data", "label" FROM "sys_dict_data" WHERE "dict_name" = 'app_config' AND "value" = 'prices'`,
      )) as { rows: { data: Record<string, number>; label: string }[] }
    ).rows;
    expect(row!.data).toEqual({
      perSecondWord: 4,
      goldPerVideoWord: 25,
      goldPerDubWord: 25,
      goldPerSubtitleMinute: 0,
      goldPerImage: 40,
      goldPerUpscale: 10,
    });
    expect(row!.label).toContain('goldPerSubtitleMinute');
    expect((await getAppConfig(db, 1)).prices).toEqual(row!.data);
  });
});
