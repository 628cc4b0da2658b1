import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { users } from '../identity/identity.table.js';
import type { DbOrTx } from './client.js';
import { createRepositories } from './repositories.js';

/** A module's repository set: made once over the pool, bound once per transaction, writes kept or rolled back with it. */
describe('createRepositories', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const accounts = (executor: DbOrTx) => ({
    executor,
    add: (account: string) => executor.insert(users).values({ tenantId: 1, account, nickName: account }),
    exists: async (account: string) =>
      (await executor.select({ id: users.id }).from(users).where(eq(users.account, account))).length > 0,
  });

  it('makes the pool set once and one set per transaction, shared by the parts of that transaction', async () => {
    const made: DbOrTx[] = [];
    const store = createRepositories(app.platform.db, (executor) => {
      made.push(executor);
      return { accounts: accounts(executor) };
    });
    expect(made).toEqual([app.platform.db]);
    expect(store.over(app.platform.db)).toBe(store.repos);
    await store.transaction(async (repos, tx) => {
      expect(repos.accounts.executor).toBe(tx);
      expect(store.within(tx)).toBe(repos);
      expect(store.over(tx)).toBe(repos);
    });
    expect(made).toHaveLength(2);
  });

  it('writes through a transaction’s set commit with it, or vanish when it throws', async () => {
    const store = createRepositories(app.platform.db, (executor) => ({ accounts: accounts(executor) }));
    await store.transaction(({ accounts: a }) => a.add('repos-kept'));
    await expect(
      store.transaction(async ({ accounts: a }) => {
        await a.add('repos-rolled-back');
        expect(await a.exists('repos-rolled-back')).toBe(true);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await store.repos.accounts.exists('repos-kept')).toBe(true);
    expect(await store.repos.accounts.exists('repos-rolled-back')).toBe(false);
  });
});
