import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openPglite, pgliteSession } from './client.js';
import { planMigration, runMigrations, takeMigrationLock, type MigrationSession } from './migrator.js';
import { waitFor } from '../../test/wait.js';

const realMigrations = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const baseUrl = process.env.DATABASE_URL;
const folders: string[] = [];

/** A migrations folder holding the given migrations, as drizzle-kit lays them out. */
const migrationsFolder = (migrations: Array<{ tag: string; when: number; sql: string }>) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  folders.push(dir);
  mkdirSync(path.join(dir, 'meta'));
  for (const m of migrations) writeFileSync(path.join(dir, `${m.tag}.sql`), m.sql);
  const entries = migrations.map((m, idx) => ({
    idx,
    version: '7',
    when: m.when,
    tag: m.tag,
    breakpoints: true,
  }));
  writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return dir;
};

/** The product's own migrations, only the first `count` of them. */
const firstRealMigrations = (count: number) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  folders.push(dir);
  cpSync(realMigrations, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(realMigrations, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
};

const realMigrationCount = (
  JSON.parse(readFileSync(path.join(realMigrations, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

interface Scratch {
  session: MigrationSession;
  /** Another connection to the same database (PostgreSQL only). */
  connect(): Promise<pg.Client>;
  /** Applies the given folder with drizzle's own migrator. */
  drizzleMigrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** A scratch database: in-memory PGlite, or with DATABASE_URL a new PostgreSQL database dropped afterwards. */
const scratch = async (): Promise<Scratch> => {
  if (!baseUrl) {
    const client = openPglite();
    await client.waitReady;
    return {
      session: pgliteSession(client),
      connect: () => Promise.reject(new Error('PostgreSQL only')),
      drizzleMigrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `migrator_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  };
  const main = await connect();
  return {
    session: {
      query: async <T>(text: string, params?: unknown[]) => (await main.query(text, params)).rows as T[],
    },
    connect,
    drizzleMigrate: async (folder) => {
      const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
      await migratePg(drizzlePg(pool), { migrationsFolder: folder });
      await pool.end();
    },
    close: async () => {
      for (const client of clients) await client.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
};

const journalRows = async (session: MigrationSession) =>
  (await session.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'))[0]!.n;
const indexValid = async (session: MigrationSession, name: string) =>
  (
    await session.query<{ valid: boolean | null }>(
      'select (select indisvalid from pg_index where indexrelid = to_regclass($1)) as valid',
      [name],
    )
  )[0]!.valid;

let db: Scratch | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('planMigration', () => {
  it('puts each drizzle-generated index build or drop on its own, concurrently, and groups the rest', () => {
    const steps = planMigration([
      'CREATE TABLE "a" ("id" integer);\n',
      '\nCREATE INDEX "a_id_idx" ON "a" USING btree ("id" DESC NULLS LAST);',
      '\nCREATE UNIQUE INDEX IF NOT EXISTS "a_u" ON "a" USING btree ("id") WHERE id > 0;',
      '\nDROP INDEX "old_idx";',
      '\nALTER TABLE "a" ADD COLUMN "b" text;',
      '\nUPDATE "a" SET "b" = \'x\';',
      // Two statements in one chunk (hand-written): stays in the transaction.
      'CREATE INDEX "x" ON "a" ("b"); CREATE INDEX "y" ON "a" ("id");',
    ]);
    expect(steps).toEqual([
      { kind: 'transaction', statements: ['CREATE TABLE "a" ("id" integer);\n'] },
      {
        kind: 'create-index',
        name: '"a_id_idx"',
        statement: 'CREATE INDEX CONCURRENTLY "a_id_idx" ON "a" USING btree ("id" DESC NULLS LAST)',
      },
      {
        kind: 'create-index',
        name: '"a_u"',
        statement: 'CREATE UNIQUE INDEX CONCURRENTLY "a_u" ON "a" USING btree ("id") WHERE id > 0',
      },
      { kind: 'drop-index', name: '"old_idx"', statement: 'DROP INDEX CONCURRENTLY IF EXISTS "old_idx"' },
      {
        kind: 'transaction',
        statements: [
          '\nALTER TABLE "a" ADD COLUMN "b" text;',
          '\nUPDATE "a" SET "b" = \'x\';',
          'CREATE INDEX "x" ON "a" ("b"); CREATE INDEX "y" ON "a" ("id");',
        ],
      },
    ]);
  });
});

describe(`migrations on ${baseUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('migrates a fresh database, and a second run applies nothing', async () => {
    db = await scratch();
    expect(await runMigrations(db.session, { migrationsFolder: realMigrations })).toBe(realMigrationCount);
    expect(await journalRows(db.session)).toBe(realMigrationCount);
    expect(await runMigrations(db.session, { migrationsFolder: realMigrations })).toBe(0);
    expect(await indexValid(db.session, 'article_pinned_idx')).toBe(true);
  });

  it("moves a database that drizzle's migrator left at an older migration forward, building its indexes concurrently", async () => {
    db = await scratch();
    await db.drizzleMigrate(firstRealMigrations(10));
    expect(await journalRows(db.session)).toBe(10);
    const stepwise: boolean[] = [];
    const applied = await runMigrations(db.session, {
      migrationsFolder: realMigrations,
      onMigration: ({ stepwise: s }) => void stepwise.push(s),
    });
    expect(applied).toBe(realMigrationCount - 10);
    expect(stepwise.every(Boolean)).toBe(true);
    expect(await journalRows(db.session)).toBe(realMigrationCount);
    expect(await indexValid(db.session, 'article_pinned_idx')).toBe(true);
    // And drizzle's migrator, pointed at the same folder, finds nothing left to do.
    await db.drizzleMigrate(realMigrations);
    expect(await journalRows(db.session)).toBe(realMigrationCount);
  });

  it('the unread-counters migration counts the unread messages already there', async () => {
    db = await scratch();
    const journal = JSON.parse(readFileSync(path.join(realMigrations, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    const counters = journal.entries.findIndex((e) => e.tag.endsWith('_im-message-unread-triggers'));
    expect(counters).toBeGreaterThan(0);
    await runMigrations(db.session, { migrationsFolder: firstRealMigrations(counters) });
    await db.session.query(`
      INSERT INTO tenant (id, name) VALUES (1, 't');
      INSERT INTO app_user (id, tenant_id) VALUES (1, 1), (2, 1);
      INSERT INTO im_message (tenant_id, user_id, type, checked, receive_time)
        SELECT 1, 1 + g % 2, (ARRAY['comment', 'like', 'system'])[1 + g % 3], g % 4 = 0, now()
        FROM generate_series(1, 50) g`);
    await runMigrations(db.session, { migrationsFolder: realMigrations });
    const direct = `SELECT tenant_id, user_id, type, count(*)::int AS n FROM im_message WHERE NOT checked
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
    const counted = `SELECT tenant_id, user_id, type, unread AS n FROM im_message_unread WHERE unread <> 0
      ORDER BY 1, 2, 3`;
    expect(await db.session.query(counted)).toEqual(await db.session.query(direct));
    expect((await db.session.query(direct)).length).toBe(6);
  });

  const base = {
    tag: '0000_base',
    when: 1000,
    sql: 'CREATE TABLE "t" ("id" serial PRIMARY KEY, "a" integer);',
  };

  it('resumes an interrupted migration at the step it had not done', async () => {
    db = await scratch();
    await runMigrations(db.session, { migrationsFolder: migrationsFolder([base]) });
    const folder = migrationsFolder([
      base,
      {
        tag: '0001_u',
        when: 2000,
        sql: [
          'CREATE TABLE "u" ("a" integer);',
          'CREATE INDEX "u_a_idx" ON "u" USING btree ("a");',
          'INSERT INTO "u" SELECT "a" FROM "source";',
        ].join('--> statement-breakpoint\n'),
      },
    ]);
    await expect(runMigrations(db.session, { migrationsFolder: folder })).rejects.toThrow(/source/);
    expect(await journalRows(db.session)).toBe(1);
    expect(await indexValid(db.session, 'u_a_idx')).toBe(true);
    await db.session.query('CREATE TABLE "source" ("a" integer); INSERT INTO "source" VALUES (7)');
    // CREATE TABLE "u" is not run again (it would fail): the run carries on at the INSERT.
    expect(await runMigrations(db.session, { migrationsFolder: folder })).toBe(1);
    expect(await db.session.query('select a from u')).toEqual([{ a: 7 }]);
    expect(await journalRows(db.session)).toBe(2);
    expect(await db.session.query('select * from drizzle.__drizzle_migration_steps')).toEqual([]);
  });

  it('drops an INVALID index an interrupted build left behind and builds it again', async () => {
    db = await scratch();
    await runMigrations(db.session, { migrationsFolder: migrationsFolder([base]) });
    // A concurrent unique build over duplicates fails and leaves the index INVALID, as an interrupted build does.
    await db.session.query('INSERT INTO "t" ("a") VALUES (1), (1)');
    await expect(
      db.session.query('CREATE UNIQUE INDEX CONCURRENTLY "t_a_idx" ON "t" ("a")'),
    ).rejects.toThrow();
    expect(await indexValid(db.session, 't_a_idx')).toBe(false);
    await db.session.query('DELETE FROM "t" WHERE "id" = (SELECT max("id") FROM "t")');
    const folder = migrationsFolder([
      base,
      { tag: '0001_t_a', when: 2000, sql: 'CREATE UNIQUE INDEX "t_a_idx" ON "t" USING btree ("a");' },
    ]);
    expect(await runMigrations(db.session, { migrationsFolder: folder })).toBe(1);
    expect(await indexValid(db.session, 't_a_idx')).toBe(true);
    await expect(db.session.query('INSERT INTO "t" ("a") VALUES (1)')).rejects.toThrow(/duplicate/);
  });

  it('a failed unique build leaves no index behind', async () => {
    db = await scratch();
    await runMigrations(db.session, { migrationsFolder: migrationsFolder([base]) });
    await db.session.query('INSERT INTO "t" ("a") VALUES (1), (1)');
    const folder = migrationsFolder([
      base,
      { tag: '0001_t_a', when: 2000, sql: 'CREATE UNIQUE INDEX "t_a_idx" ON "t" USING btree ("a");' },
    ]);
    await expect(runMigrations(db.session, { migrationsFolder: folder })).rejects.toThrow();
    expect(await indexValid(db.session, 't_a_idx')).toBe(null);
    expect(await journalRows(db.session)).toBe(1);
  });
});

describe.runIf(baseUrl)('migrations on a serving PostgreSQL', () => {
  it('builds an index without blocking writes to its table', async () => {
    db = await scratch();
    await runMigrations(db.session, {
      migrationsFolder: migrationsFolder([
        { tag: '0000_base', when: 1000, sql: 'CREATE TABLE "t" ("id" serial PRIMARY KEY, "a" integer);' },
      ]),
    });
    const folder = migrationsFolder([
      { tag: '0000_base', when: 1000, sql: 'CREATE TABLE "t" ("id" serial PRIMARY KEY, "a" integer);' },
      { tag: '0001_t_a', when: 2000, sql: 'CREATE INDEX "t_a_idx" ON "t" USING btree ("a");' },
    ]);
    // A writer holds a transaction open on the table: a concurrent build waits for it, a plain one would queue a
    // SHARE lock that every later writer then queues behind.
    const writer = await db.connect();
    await writer.query('BEGIN');
    await writer.query('INSERT INTO "t" ("a") VALUES (1)');
    const migrator = await db.connect();
    const [{ pid }] = (await migrator.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [
      { pid: number },
    ];
    const migrating = runMigrations(
      {
        query: async <T>(text: string, params?: unknown[]) =>
          (await migrator.query(text, params)).rows as T[],
      },
      { migrationsFolder: folder },
    );
    const lockModes = async () =>
      (
        await db!.session.query<{ mode: string }>(
          `select mode from pg_locks where pid = $1 and relation = 't'::regclass`,
          [pid],
        )
      ).map((r) => r.mode);
    await waitFor(async () => (await lockModes()).length > 0);
    expect(await lockModes()).toEqual(['ShareUpdateExclusiveLock']);
    // Another writer gets through while the build is under way.
    const other = await db.connect();
    await other.query("SET statement_timeout = '10s'");
    await other.query('INSERT INTO "t" ("a") VALUES (2)');
    await writer.query('COMMIT');
    expect(await migrating).toBe(1);
    expect(await indexValid(db.session, 't_a_idx')).toBe(true);
    expect(await db.session.query('select count(*)::int as n from t')).toEqual([{ n: 2 }]);
  });

  it('one process migrates while another waits for the lock, then finds nothing to do', async () => {
    db = await scratch();
    const first = await db.connect();
    const second = await db.connect();
    const sessionOf = (client: pg.Client): MigrationSession => ({
      query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    });
    const unlock = await takeMigrationLock(sessionOf(first));
    let secondLocked = false;
    const waiting = takeMigrationLock(sessionOf(second), 20).then((release) => {
      secondLocked = true;
      return release;
    });
    expect(await runMigrations(sessionOf(first), { migrationsFolder: realMigrations })).toBe(
      realMigrationCount,
    );
    expect(secondLocked).toBe(false);
    await unlock();
    const release = await waiting;
    expect(await runMigrations(sessionOf(second), { migrationsFolder: realMigrations })).toBe(0);
    await release();
  });
});
