import type { Db } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { createUsersRepository } from '../../platform/identity/users.repository.js';
import { createUserOperatorRepository } from './operator.repository.js';
import { createUserBlockRepository } from './user-block.repository.js';

/**
 * The users module's repositories, made once per module (over the pool, or a transaction's): the accounts
 * (platform), the block list and the operators' reads and changes of accounts.
 */
export const createUsersRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    users: createUsersRepository(executor),
    blocks: createUserBlockRepository(executor),
    operator: createUserOperatorRepository(executor),
  }));
export type UsersRepositories = ReturnType<typeof createUsersRepositories>;
