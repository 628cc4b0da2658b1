import type { Db, DbOrTx, Tx } from './client.js';

/**
 * A module's repositories, made once when the module is created and handed to its services: `repos` read and
 * write over the pool; `transaction(work)` opens a transaction and hands `work` the same repositories over it;
 * `within(tx)` answers them over a transaction another part (or module) opened, and `over(executor)` over
 * whichever a platform function hands (the pool or a transaction). Services never call a
 * repository factory, so a test can hand a service repositories of its own.
 */
export interface Repositories<R> {
  readonly repos: R;
  transaction<T>(work: (repos: R, tx: Tx) => Promise<T>): Promise<T>;
  within(tx: Tx): R;
  over(executor: DbOrTx): R;
}

/**
 * The repositories `make` builds over an executor: once over the pool, and once per transaction that asks for
 * them (kept while the transaction object lives, so parts of one transaction share them).
 */
export const createRepositories = <R>(db: Db, make: (executor: DbOrTx) => R): Repositories<R> => {
  const repos = make(db);
  const perTransaction = new WeakMap<Tx, R>();
  const within = (tx: Tx): R => {
    let bound = perTransaction.get(tx);
    if (!bound) {
      bound = make(tx);
      perTransaction.set(tx, bound);
    }
    return bound;
  };
  return {
    repos,
    within,
    over: (executor) => (executor === db ? repos : within(executor as Tx)),
    transaction: (work) => db.transaction((tx) => work(within(tx), tx)),
  };
};
