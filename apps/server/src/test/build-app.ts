import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { buildApp, type BuildOptions } from '../app.js';
import { dictData } from '../modules/dictionary/dictionary.table.js';
import { testConfig, type Config } from '../config.js';

/**
 * A fresh app on a fresh database: in-memory PGlite by default; with DATABASE_URL set (CI), a new
 * PostgreSQL database created for this app and dropped when it closes.
 */
export const createTestApp = async (overrides: Partial<Config> = {}, options: BuildOptions = {}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'app-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const config = testConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  });
  const app = await buildApp(config, options);
  // Tests inject from one address: the sign-up guard (human check after a few SMS codes an hour, a few welcome
  // gifts per address a day) would stop every test that makes accounts. Its own tests set it back
  // (app_config signUpGuard through the console).
  await app.platform.db
    .update(dictData)
    .set({ data: { smsBeforeCheck: 1000, giftsPerIpDaily: 100_000 } })
    .where(and(eq(dictData.dictName, 'app_config'), eq(dictData.value, 'signUpGuard')));
  // After the app's own onClose hooks, which Fastify runs last-added first: an onClose hook added here would
  // drop the database under answers, jobs and listeners that are still closing.
  const closeApp = app.close.bind(app) as () => Promise<undefined>;
  const close = async () => {
    await closeApp();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return Object.assign(app, { close });
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Parses an inject response's JSON envelope. */
export const json = <T = unknown>(res: { body: string }) =>
  JSON.parse(res.body) as {
    code: number;
    type: string;
    message: unknown;
    result: T;
    extras: Record<string, unknown> | null;
    time: string;
  };
