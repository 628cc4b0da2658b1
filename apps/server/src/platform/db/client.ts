import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { runMigrations, takeMigrationLock, type MigrationSession } from './migrator.js';

// The tables live with the modules and are gathered in src/schema.ts for migrations; queries name their
// tables directly, so the client needs no schema of its own (and the platform imports no module).
type Schema = Record<string, never>;
/** The query builder both drivers share; services and repositories only see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

type OnPayload = (payload: string) => void;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a notification channel. The embedded database notifies in this thread as a change commits; a
   * PostgreSQL server through a connection of its own (re-opened when lost, which is reported as payload `*`:
   * anything may have changed meanwhile).
   */
  listen: (channel: string, onPayload: OnPayload) => Promise<unknown>;
  /** Reports every statement this process sends through `db`, as it is sent (caches watch the writes). */
  onQuery(handler: (sql: string) => void): void;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool (absent on the embedded database, which has one in-process client). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; undefined keeps it in memory. */
  pgliteDir?: string;
  /** Told how long each query waited for a pooled connection (PostgreSQL), in seconds. */
  onPoolWait?: (seconds: number) => void;
}

/** A drizzle logger that reports every statement before it is sent. */
const queryReporter = () => {
  const handlers: Array<(sql: string) => void> = [];
  return {
    logger: {
      logQuery(query: string) {
        for (const handler of handlers) handler(query);
      },
    },
    onQuery: (handler: (sql: string) => void) => void handlers.push(handler),
  };
};

/** LISTEN on a PostgreSQL server through one dedicated connection, re-opened (after 1 s) when lost. */
const postgresListener = (connectionString: string) => {
  const channels = new Map<string, OnPayload[]>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const everyone = (payload: string) => {
    for (const handlers of channels.values()) for (const handler of handlers) handler(payload);
  };
  const connect = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        for (const handler of channels.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      next.on('error', () => undefined);
      next.on('end', () => {
        client = null;
        connecting = null;
        if (closed) return;
        everyone('*');
        setTimeout(() => {
          if (!closed)
            void connect().then(
              () => everyone('*'),
              () => undefined,
            );
        }, 1000).unref();
      });
      await next.connect();
      for (const channel of channels.keys()) await next.query(`LISTEN "${channel}"`);
      client = next;
      return next;
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    }));
  return {
    async listen(channel: string, onPayload: OnPayload) {
      const handlers = channels.get(channel);
      if (handlers) {
        handlers.push(onPayload);
        return;
      }
      channels.set(channel, [onPayload]);
      const active = client ?? (await connect());
      // A connection opened by this call already listens on every channel known when it opened.
      await active.query(`LISTEN "${channel}"`);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
};

/**
 * Times every connection checkout. `pool.query` (what drizzle calls outside transactions) checks out through
 * `pool.connect` too, so wrapping it covers both paths.
 */
const timePoolWaits = (pool: pg.Pool, report: (seconds: number) => void) => {
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (callback) => {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    if (callback) {
      return connect((...args: unknown[]) => {
        report(seconds());
        callback(...args);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      report(seconds());
      return client;
    });
  };
};

/** The embedded database as a migration session; statements without parameters may hold several commands. */
export const pgliteSession = (client: PGlite): MigrationSession => ({
  query: async <T>(text: string, params?: unknown[]) => {
    if (params?.length) return (await client.query<T>(text, params)).rows;
    const results = await client.exec(text);
    return (results.at(-1)?.rows ?? []) as T[];
  },
});

/**
 * The embedded database in `dir` (in memory without one), with the extensions the migrations use: pg_trgm backs
 * the console's nickname search index, as the contrib extension does on PostgreSQL.
 */
export const openPglite = (dir?: string): PGlite =>
  dir ? new PGlite(path.resolve(dir), { extensions: { pg_trgm } }) : new PGlite({ extensions: { pg_trgm } });

export const createDatabase = async (options: DatabaseOptions): Promise<Database> => {
  const queries = queryReporter();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client can lose its connection (server restart, failover); the pool replaces it.
    pool.on('error', () => undefined);
    // So can one that is checked out: its query fails with the error (the caller sees it), and the client's own
    // 'error' event, which the pool listens to only while the client is idle, must not end the process.
    pool.on('connect', (client) => client.on('error', () => undefined));
    if (options.onPoolWait) timePoolWaits(pool, options.onPoolWait);
    const db = drizzlePg(pool, { logger: queries.logger }) as unknown as Db;
    const listener = postgresListener(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      listen: listener.listen,
      onQuery: queries.onQuery,
      migrate: async () => {
        // One session for the whole run: the advisory lock, the transactions and the concurrent index builds.
        const client = new pg.Client({ connectionString: options.databaseUrl });
        client.on('error', () => undefined);
        await client.connect();
        try {
          const session: MigrationSession = {
            query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
          };
          const unlock = await takeMigrationLock(session);
          try {
            await runMigrations(session, { migrationsFolder });
          } finally {
            await unlock().catch(() => undefined);
          }
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) mkdirSync(path.resolve(options.pgliteDir), { recursive: true });
  const client = openPglite(options.pgliteDir);
  await client.waitReady;
  const db = drizzlePglite(client, { logger: queries.logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    onQuery: queries.onQuery,
    // The embedded database has one connection and one process (the DATA_DIR lock): no lock to take.
    migrate: async () => {
      await runMigrations(pgliteSession(client), { migrationsFolder });
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
};
