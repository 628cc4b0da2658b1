import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

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
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; undefined keeps it in memory. */
  pgliteDir?: string;
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

export const createDatabase = async (options: DatabaseOptions): Promise<Database> => {
  const queries = queryReporter();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client can lose its connection (server restart, failover); the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { logger: queries.logger }) as unknown as Db;
    const listener = postgresListener(options.databaseUrl);
    return {
      db,
      kind: 'postgres',
      listen: listener.listen,
      onQuery: queries.onQuery,
      migrate: () => migratePg(db as never, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) mkdirSync(path.resolve(options.pgliteDir), { recursive: true });
  // pg_trgm backs the console's nickname search index, as the contrib extension does on PostgreSQL.
  const extensions = { pg_trgm };
  const client = options.pgliteDir
    ? new PGlite(path.resolve(options.pgliteDir), { extensions })
    : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { logger: queries.logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    onQuery: queries.onQuery,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
};
