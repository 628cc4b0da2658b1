import type { Locale } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { authorSummariesOf } from '../../platform/identity/author.js';
import { createUsersRepository } from '../../platform/identity/users.repository.js';
import { loadActivityRules } from './activity-rules.js';
import { createCheckInRepository } from './check-in.repository.js';
import { createDrawRepository } from './draw.repository.js';
import { createMallRepository } from './mall.repository.js';
import { createVoteRepository } from './vote.repository.js';

/** The activities' repositories, made once per module (over the pool, or a transaction's). */
export const createActivityRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    checkIns: createCheckInRepository(executor),
    draws: createDrawRepository(executor),
    mall: createMallRepository(executor),
    votes: createVoteRepository(executor),
    users: createUsersRepository(executor),
    /** Nick names and avatars of users by id (the console's shipping rows). */
    authors: (ids: Iterable<number>) => authorSummariesOf(executor, ids),
    /** The activity rules as operators stored them (the `app_activity_rule` dictionary), texts in `locale`. */
    activityRules: (tenantId: number, locale?: Locale) => loadActivityRules(executor, tenantId, locale),
  }));
export type ActivityRepositories = ReturnType<typeof createActivityRepositories>;
export type ActivityRepos = ActivityRepositories['repos'];
