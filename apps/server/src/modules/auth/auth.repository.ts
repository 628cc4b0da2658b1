import type { Db } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { createUsersRepository } from '../../platform/identity/users.repository.js';
import { createCaptchaRepository } from './captcha.repository.js';
import { createLoginLockRepository } from './login-lock.repository.js';
import { createWechatBindingRepository } from './wechat-binding.repository.js';

/** Auth's repositories, made once per module (over the pool, or a transaction's). */
export const createAuthRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    users: createUsersRepository(executor),
    locks: createLoginLockRepository(executor),
    captchas: createCaptchaRepository(executor),
    wechat: createWechatBindingRepository(executor),
  }));
export type AuthRepositories = ReturnType<typeof createAuthRepositories>;
