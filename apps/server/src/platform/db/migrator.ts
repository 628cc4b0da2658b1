import { readMigrationFiles } from 'drizzle-orm/migrator';

/**
 * Applies drizzle's migrations so that a running cluster can take them.
 *
 * Every migration goes through here (PostgreSQL and PGlite alike), with the same bookkeeping as drizzle's own
 * migrator: a row per applied migration in `drizzle.__drizzle_migrations` (hash, `created_at` = the journal's
 * `when`), and a migration is pending when its `when` is later than the last applied row's — so a database
 * migrated by drizzle's migrator carries on here, and the other way round.
 *
 * On a database that already has applied migrations, a statement that builds or drops one index
 * (`CREATE [UNIQUE] INDEX "x" ON …`, `DROP INDEX "x"`, as drizzle-kit writes them, each in its own
 * statement-breakpoint chunk) runs on its own, outside a transaction, as `CREATE INDEX CONCURRENTLY` /
 * `DROP INDEX CONCURRENTLY`: writes to the table go on while it builds. The statements between index builds run
 * in transactions. Because a migration then commits in several steps, the steps done so far are recorded in
 * `drizzle.__drizzle_migration_steps` in the same transaction as each step, and an interrupted migration resumes
 * at the first step not done. An interrupted concurrent build leaves an INVALID index behind
 * (`pg_index.indisvalid` false): it is dropped and built again; a valid one of that name counts as built.
 *
 * A fresh database (no applied migration) takes each migration in one transaction, as drizzle does: there is
 * nobody to block, and that is quicker.
 *
 * Several processes starting at once: one takes a session advisory lock and migrates, the others wait for it
 * (polling, so that a waiting process holds no snapshot a concurrent index build would wait for) and then find
 * nothing left to do.
 */

/** One connection: transactions and concurrent index builds must run on the same session. */
export interface MigrationSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

interface Migration {
  sql: string[];
  folderMillis: number;
  hash: string;
}

type MigrationStep =
  | { kind: 'transaction'; statements: string[] }
  | { kind: 'create-index'; name: string; statement: string }
  | { kind: 'drop-index'; name: string; statement: string };

const schema = '"drizzle"';
const journalTable = `${schema}."__drizzle_migrations"`;
const stepsTable = `${schema}."__drizzle_migration_steps"`;
/** Key of the session advisory lock one migrating process holds (any fixed number the app uses nowhere else). */
const migrationLockKey = 7_265_190_031;

const identifier = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)`;
const createIndexPattern = new RegExp(
  String.raw`^CREATE\s+(UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(IF\s+NOT\s+EXISTS\s+)?(${identifier})\s+(ON\s[\s\S]*)$`,
  'i',
);
const dropIndexPattern = new RegExp(
  String.raw`^DROP\s+INDEX\s+(?:CONCURRENTLY\s+)?(IF\s+EXISTS\s+)?(${identifier}(?:\.${identifier})?)\s*(RESTRICT\s*)?$`,
  'i',
);

/** The statement without leading `--` comments, surrounding space and its final semicolon. */
const bare = (chunk: string) =>
  chunk
    .replace(/^(\s*--[^\n]*\n)*/, '')
    .trim()
    .replace(/;\s*$/, '')
    .trim();

/**
 * Splits a migration into steps: each single index build or drop on its own, the statements between them
 * grouped into transactions. A chunk holding more than one statement (a `;` inside) stays transactional.
 */
export const planMigration = (chunks: string[]): MigrationStep[] => {
  const steps: MigrationStep[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length) steps.push({ kind: 'transaction', statements: pending });
    pending = [];
  };
  for (const chunk of chunks) {
    const statement = bare(chunk);
    if (!statement) continue;
    const single = !statement.includes(';');
    const create = single ? createIndexPattern.exec(statement) : null;
    const drop = single && !create ? dropIndexPattern.exec(statement) : null;
    if (create) {
      flush();
      const [, unique = '', , name, rest] = create;
      steps.push({
        kind: 'create-index',
        name: name!,
        statement: `CREATE ${unique.toUpperCase()}INDEX CONCURRENTLY ${name} ${rest}`,
      });
    } else if (drop) {
      flush();
      const name = drop[2]!;
      steps.push({ kind: 'drop-index', name, statement: `DROP INDEX CONCURRENTLY IF EXISTS ${name}` });
    } else pending.push(chunk);
  }
  flush();
  return steps;
};

const inTransaction = async (session: MigrationSession, work: () => Promise<void>) => {
  await session.query('BEGIN');
  try {
    await work();
    await session.query('COMMIT');
  } catch (error) {
    await session.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
};

/** Whether the index exists, and if so whether it is valid (an interrupted concurrent build leaves it invalid). */
const indexState = async (session: MigrationSession, name: string) => {
  const [row] = await session.query<{ valid: boolean | null }>(
    `select (select indisvalid from pg_index where indexrelid = to_regclass($1)) as valid`,
    [name],
  );
  return row?.valid === null || row?.valid === undefined ? 'absent' : row.valid ? 'valid' : 'invalid';
};

const buildIndex = async (session: MigrationSession, step: { name: string; statement: string }) => {
  const state = await indexState(session, step.name);
  if (state === 'valid') return;
  if (state === 'invalid') await session.query(`DROP INDEX CONCURRENTLY IF EXISTS ${step.name}`);
  try {
    await session.query(step.statement);
  } catch (error) {
    // A failed concurrent build (a duplicate under UNIQUE, a cancel) leaves an invalid index that writers still
    // maintain, and a unique one still enforces: take it away before reporting the failure.
    if ((await indexState(session, step.name).catch(() => 'absent')) === 'invalid')
      await session.query(`DROP INDEX CONCURRENTLY IF EXISTS ${step.name}`).catch(() => undefined);
    throw error;
  }
};

const applyStepwise = async (session: MigrationSession, migration: Migration) => {
  const steps = planMigration(migration.sql);
  const [progress] = await session.query<{ done: number }>(`select done from ${stepsTable} where hash = $1`, [
    migration.hash,
  ]);
  const record = async (done: number) => {
    if (done === steps.length) {
      await session.query(`insert into ${journalTable} ("hash", "created_at") values ($1, $2)`, [
        migration.hash,
        migration.folderMillis,
      ]);
      await session.query(`delete from ${stepsTable} where hash = $1`, [migration.hash]);
    } else
      await session.query(
        `insert into ${stepsTable} (hash, done) values ($1, $2) on conflict (hash) do update set done = excluded.done`,
        [migration.hash, done],
      );
  };
  for (let index = progress?.done ?? 0; index < steps.length; index++) {
    const step = steps[index]!;
    if (step.kind === 'transaction')
      await inTransaction(session, async () => {
        for (const statement of step.statements) await session.query(statement);
        await record(index + 1);
      });
    else {
      if (step.kind === 'create-index') await buildIndex(session, step);
      else await session.query(step.statement);
      await inTransaction(session, () => record(index + 1));
    }
  }
  if (steps.length === 0) await inTransaction(session, () => record(0));
};

const applyWhole = (session: MigrationSession, migration: Migration) =>
  inTransaction(session, async () => {
    for (const statement of migration.sql) if (statement.trim()) await session.query(statement);
    await session.query(`insert into ${journalTable} ("hash", "created_at") values ($1, $2)`, [
      migration.hash,
      migration.folderMillis,
    ]);
  });

interface MigrateOptions {
  migrationsFolder: string;
  /** Called before each migration is applied (tests interrupt here). */
  onMigration?: (tag: { folderMillis: number; stepwise: boolean }) => void | Promise<void>;
}

/** Applies every pending migration on this session; returns how many were applied. */
export const runMigrations = async (session: MigrationSession, options: MigrateOptions) => {
  const migrations: Migration[] = readMigrationFiles({ migrationsFolder: options.migrationsFolder });
  await session.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await session.query(
    `CREATE TABLE IF NOT EXISTS ${journalTable} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  await session.query(`CREATE TABLE IF NOT EXISTS ${stepsTable} (hash text PRIMARY KEY, done integer NOT NULL)`);
  const [last] = await session.query<{ created_at: string | number }>(
    `select created_at from ${journalTable} order by created_at desc limit 1`,
  );
  // An existing database may be serving: its index builds go concurrently. A fresh one has nobody to block.
  const stepwise = last !== undefined;
  let applied = 0;
  for (const migration of migrations) {
    if (last && Number(last.created_at) >= migration.folderMillis) continue;
    await options.onMigration?.({ folderMillis: migration.folderMillis, stepwise });
    if (stepwise) await applyStepwise(session, migration);
    else await applyWhole(session, migration);
    applied++;
  }
  return applied;
};

/**
 * Takes the cluster's migration lock on this session, waiting while another process holds it. Polls
 * `pg_try_advisory_lock` rather than blocking in `pg_advisory_lock`: a blocked statement holds a snapshot, and
 * the holder's `CREATE INDEX CONCURRENTLY` would wait for it (a deadlock).
 */
export const takeMigrationLock = async (session: MigrationSession, pollMs = 250) => {
  for (;;) {
    const [row] = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      migrationLockKey,
    ]);
    if (row?.locked) return async () => void (await session.query('select pg_advisory_unlock($1)', [migrationLockKey]));
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
};
