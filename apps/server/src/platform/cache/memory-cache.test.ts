import { describe, expect, it } from 'vitest';
import { createMemoryCache } from './memory-cache.js';

/** A cache whose database notices the test sends by hand, as PostgreSQL's LISTEN would deliver them. */
const cacheWithNotices = async () => {
  let deliver!: (payload: string) => void;
  const cache = createMemoryCache({
    listen: async (_channel, onPayload) => {
      deliver = onPayload;
    },
  });
  await cache.ready;
  return { cache, deliver: (payload: string) => deliver(payload) };
};

describe('a write published to every process', () => {
  it('answers once this process has heard the change notice of a table it wrote, not before', async () => {
    const { cache, deliver } = await cacheWithNotices();
    let answered = false;
    const write = cache
      .published(['sys_dict_type'], async () => 'saved', 5000)
      .then((value) => {
        answered = true;
        return value;
      });
    await new Promise((resolve) => setTimeout(resolve, 30));
    deliver('article'); // another table's notice does not count
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(answered).toBe(false);
    deliver('sys_dict_type');
    await expect(write).resolves.toBe('saved');
  });

  it('answers at once when the notice came before the write returned (the embedded database)', async () => {
    const { cache, deliver } = await cacheWithNotices();
    const started = Date.now();
    const value = await cache.published(
      ['sys_dict_data'],
      async () => {
        deliver('sys_dict_data');
        return 42;
      },
      5000,
    );
    expect(value).toBe(42);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers after its limit when no notice comes, and a failed write waits for nothing', async () => {
    const { cache } = await cacheWithNotices();
    await expect(cache.published(['sys_dict_type'], async () => 'late', 50)).resolves.toBe('late');
    await expect(
      cache.published(['sys_dict_type'], () => Promise.reject(new Error('refused')), 5000),
    ).rejects.toThrow('refused');
  });

  it('forgets the cached values of the table on the notice it waited for', async () => {
    const { cache, deliver } = await cacheWithNotices();
    const area = cache.area<string>({ tables: ['sys_dict_type'] });
    expect(await area.get('k', async () => 'old')).toBe('old');
    const write = cache.published(['sys_dict_type'], async () => undefined, 5000);
    deliver('sys_dict_type');
    await write;
    expect(await area.get('k', async () => 'new')).toBe('new');
  });
});

describe('loads of a cache area', () => {
  /** A load the test finishes by hand. */
  const deferred = <T>() => {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('shares one load among concurrent misses of a key', async () => {
    const { cache } = await cacheWithNotices();
    const area = cache.area<string>({ tables: ['article'] });
    const gate = deferred<string>();
    const reads = Array.from({ length: 8 }, () => area.get('page', () => gate.promise));
    gate.resolve('loaded');
    expect(await Promise.all(reads)).toEqual(Array(8).fill('loaded'));
    expect(area.loads).toBe(1);
    expect(await area.get('page', async () => 'again')).toBe('loaded');
    expect(area.loads).toBe(1);
  });

  it('does not let a caller after a change join a load from before it, nor remember that load', async () => {
    const { cache, deliver } = await cacheWithNotices();
    const area = cache.area<string>({ tables: ['article'] });
    const old = deferred<string>();
    const early = area.get('page', () => old.promise);
    deliver('article');
    const late = area.get('page', async () => 'after the change');
    old.resolve('before the change');
    expect(await early).toBe('before the change');
    expect(await late).toBe('after the change');
    expect(area.loads).toBe(2);
    expect(await area.get('page', async () => 'third')).toBe('after the change');
  });

  it('loads again a value older than maxAgeMs', async () => {
    const { cache } = await cacheWithNotices();
    const area = cache.area<number>({ tables: ['article'], maxAgeMs: 20 });
    expect(await area.get('k', async () => 1)).toBe(1);
    expect(await area.get('k', async () => 2)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await area.get('k', async () => 3)).toBe(3);
  });
});

describe("this process's own writes", () => {
  it('forget what their table feeds, unless ignored or reported as a narrower pseudo-table', async () => {
    let report!: (sql: string) => void;
    const cache = createMemoryCache({
      listen: async () => undefined,
      onQuery: (handler) => {
        report = handler;
      },
    });
    await cache.ready;
    cache.ignoreWrites(/^update "article" set "read_count"/);
    cache.writesAs(/^update "article" set "like_count"/, 'article_counter');
    const pages = cache.area<string>({ tables: ['article'] });
    const counters = cache.area<string>({ tables: ['article_counter'] });
    await pages.get('p', async () => 'page');
    await counters.get('c', async () => 'counters');
    report('update "article" set "read_count" = "article"."read_count" + 1 where "article"."id" = $1');
    expect([pages.peek('p'), counters.peek('c')]).toEqual(['page', 'counters']);
    report('update "article" set "like_count" = "article"."like_count" + 1 where "article"."id" = $1');
    expect([pages.peek('p'), counters.peek('c')]).toEqual(['page', undefined]);
    report('update "article" set "title" = $1 where "article"."id" = $2');
    expect(pages.peek('p')).toBeUndefined();
  });
});
