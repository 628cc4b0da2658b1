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
