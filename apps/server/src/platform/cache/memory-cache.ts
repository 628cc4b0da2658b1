/**
 * Hot reads from memory, never stale. A cache area remembers values computed from some tables; it forgets them
 * when one of those tables changes, whoever changed it:
 * - this process, at once: the database client reports every statement it sends (`onQuery`), writes forget;
 * - another API process or an operator's plain SQL: the migration-0014 triggers `NOTIFY app_table_changed`
 *   with the table's name (`app_user:<id>` for one user row), which every process LISTENs to.
 * Without a working LISTEN nothing is remembered: every read then asks the database.
 */
import type { ListenFn } from '../auth/session-check-cache.js';

/** The channel of the table-change triggers (migration 0014). */
export const TABLE_CHANGE_CHANNEL = 'app_table_changed';

/** The table an INSERT, UPDATE or DELETE statement writes (as drizzle writes them: `update "article" …`). */
const WRITE_STATEMENT = /^\s*(?:insert\s+into|update|delete\s+from)\s+"([a-z_0-9]+)"/i;

/** A change notice: `table`, `table:key` (one row), or `*` (anything may have changed: a lost connection). */
type Forget = (table: string, key: string | undefined) => void;

export interface CacheAreaOptions<V> {
  /** Names the area in metrics (`cache_lookups_total{area}`); the tables joined by `+` without it. */
  name?: string;
  /** The tables the cached values are computed from. */
  tables: readonly string[];
  /**
   * For row notices (`app_user:42`): the cache keys that row's change makes stale, given what is remembered;
   * without it (or when it answers undefined) any change of the table forgets the whole area.
   */
  keysForRow?: (table: string, rowKey: string, remembered: Map<string, V>) => Iterable<string> | undefined;
  maxEntries?: number;
  /** Values older than this are loaded again (for values that may drift without a change notice). */
  maxAgeMs?: number;
}

export interface CacheArea<V> {
  /**
   * The remembered value of `key`, or what `load` answers (remembered unless a change overlapped it). Misses of
   * one key share one load; a caller that comes after a change does not join a load that started before it.
   */
  get(key: string, load: () => Promise<V>): Promise<V>;
  /** The remembered value, if any. */
  peek(key: string): V | undefined;
  /** Forgets one key, or everything. */
  forget(key?: string): void;

  readonly size: number;
  /** How many loads `get` started (tests and metrics). */
  readonly loads: number;
}

export interface MemoryCache {
  /** Resolves once LISTEN is in place (or failed: the cache then stays empty). */
  ready: Promise<void>;
  area<V>(options: CacheAreaOptions<V>): CacheArea<V>;
  /** Called with each change notice (tests and logs wait on it). */
  onChange(listener: (table: string, key: string | undefined) => void): () => void;
  /** Handles a change notice as if it came from the database (a write this process just made). */
  tableChanged(table: string, key?: string): void;
  /**
   * Statements of this process that change nothing any cache answers (a counter the cached lists leave out
   * of their freshness, such as a work's read count); the table's trigger must skip them too.
   */
  ignoreWrites(statement: RegExp): void;
  /**
   * Statements of this process that change only what a narrower pseudo-table stands for (a work's like, comment
   * and share counters: `article_counter`): reported as a change of `table` instead of the table they write;
   * the table's trigger notifies the same name.
   */
  writesAs(statement: RegExp, table: string): void;
  /**
   * Runs `write` (a committed change of `tables`), then waits until this process hears the database's change
   * notice of one of them (at most `limitMs`). PostgreSQL sends a commit's notices to every listening process at
   * once, so once this process has its own, the others have theirs: a writer that answers only then is seen on
   * its caller's very next read, whichever process serves it. Immediate on the embedded database, whose notices
   * arrive before the write returns, and where nothing listens.
   */
  published<T>(tables: readonly string[], write: () => Promise<T>, limitMs?: number): Promise<T>;
}

export const createMemoryCache = (deps: {
  listen?: ListenFn;
  /** The database client's report of the statements this process sends. */
  onQuery?: (handler: (sql: string) => void) => void;
  /** Told of each lookup: the area's name and whether the value was remembered (metrics). */
  onLookup?: (area: string, hit: boolean) => void;
}): MemoryCache => {
  const byTable = new Map<string, Set<Forget>>();
  const everyArea = new Set<Forget>();
  const listeners = new Set<(table: string, key: string | undefined) => void>();
  let listening = false;

  const tableChanged = (table: string, key?: string) => {
    if (table === '*') for (const forget of everyArea) forget(table, undefined);
    else for (const forget of byTable.get(table) ?? []) forget(table, key);
    for (const listener of listeners) listener(table, key);
  };
  /** Change notices heard from the database, per table (`*`: all), and the writers waiting for one. */
  const heard = new Map<string, number>();
  const waiting = new Set<() => void>();
  const heardOf = (tables: readonly string[]) =>
    tables.reduce((sum, table) => sum + (heard.get(table) ?? 0), heard.get('*') ?? 0);
  const onNotice = (payload: string) => {
    const colon = payload.indexOf(':');
    const table = colon < 0 ? payload : payload.slice(0, colon);
    heard.set(table, (heard.get(table) ?? 0) + 1);
    if (colon < 0) tableChanged(payload);
    else tableChanged(table, payload.slice(colon + 1));
    for (const wake of waiting) wake();
  };

  const ignored: RegExp[] = [];
  const redirected: { statement: RegExp; table: string }[] = [];
  deps.onQuery?.((sql) => {
    const table = WRITE_STATEMENT.exec(sql)?.[1];
    if (!table) return;
    const redirect = redirected.find(({ statement }) => statement.test(sql));
    if (redirect) tableChanged(redirect.table);
    else if (!ignored.some((statement) => statement.test(sql))) tableChanged(table);
  });
  const ready = deps.listen
    ? deps.listen(TABLE_CHANGE_CHANNEL, onNotice).then(
        () => {
          listening = true;
        },
        () => undefined,
      )
    : Promise.resolve();

  return {
    ready,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tableChanged,
    ignoreWrites: (statement) => void ignored.push(statement),
    writesAs: (statement, table) => void redirected.push({ statement, table }),
    async published(tables, write, limitMs = 250) {
      const before = heardOf(tables);
      const result = await write();
      if (!listening || heardOf(tables) > before) return result;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
        const wake = () => {
          if (heardOf(tables) > before) done();
        };
        const timer = setTimeout(done, limitMs);
        waiting.add(wake);
      });
      return result;
    },
    area<V>(options: CacheAreaOptions<V>): CacheArea<V> {
      const values = new Map<string, V>();
      const loadedAt = new Map<string, number>();
      const maxEntries = options.maxEntries ?? 1000;
      const name = options.name ?? options.tables.join('+');
      const { maxAgeMs } = options;
      /** Bumped by every change: a load that overlapped one is not remembered. */
      let version = 0;
      /** Loads under way, each with the version it started from: concurrent misses share one. */
      const flights = new Map<string, { version: number; promise: Promise<V> }>();
      let loads = 0;
      const fresh = (key: string) =>
        maxAgeMs === undefined || Date.now() - (loadedAt.get(key) ?? 0) < maxAgeMs;
      const forget: Forget = (table, rowKey) => {
        version += 1;
        const keys = rowKey !== undefined ? options.keysForRow?.(table, rowKey, values) : undefined;
        if (keys) for (const key of keys) values.delete(key);
        else values.clear();
        for (const key of loadedAt.keys()) if (!values.has(key)) loadedAt.delete(key);
      };
      everyArea.add(forget);
      for (const table of options.tables) {
        let set = byTable.get(table);
        if (!set) byTable.set(table, (set = new Set()));
        set.add(forget);
      }
      return {
        get(key, load) {
          const known = values.get(key);
          const hit = known !== undefined && fresh(key);
          deps.onLookup?.(name, hit);
          if (hit) return Promise.resolve(known as V);
          const flight = flights.get(key);
          if (flight && flight.version === version) return flight.promise;
          const before = version;
          loads += 1;
          const promise = load()
            .then((value) => {
              if (listening && version === before && value !== undefined) {
                values.delete(key);
                if (values.size >= maxEntries) {
                  const oldest = values.keys().next().value!;
                  values.delete(oldest);
                  loadedAt.delete(oldest);
                }
                values.set(key, value);
                if (maxAgeMs !== undefined) loadedAt.set(key, Date.now());
              }
              return value;
            })
            .finally(() => {
              if (flights.get(key)?.promise === promise) flights.delete(key);
            });
          flights.set(key, { version: before, promise });
          return promise;
        },
        peek: (key) => values.get(key),
        forget(key) {
          version += 1;
          if (key === undefined) values.clear();
          else values.delete(key);
          for (const k of loadedAt.keys()) if (!values.has(k)) loadedAt.delete(k);
        },
        get size() {
          return values.size;
        },
        get loads() {
          return loads;
        },
      };
    },
  };
};
