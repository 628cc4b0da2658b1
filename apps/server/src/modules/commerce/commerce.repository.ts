import type { Db } from '../../platform/db/client.js';
import { createRepositories } from '../../platform/db/repositories.js';
import { createUsersRepository } from '../../platform/identity/users.repository.js';
import { createAmbassadorRepository } from './ambassador/ambassador.repository.js';
import { createBillRepository } from './bills/bill.repository.js';
import { createCommerceEditorsRepository } from './console/editors.repository.js';
import { createCommerceViewsRepository } from './console/views.repository.js';
import { createCodeGuessRepository } from './coupons/code-guess.repository.js';
import { createCouponRepository } from './coupons/coupon.repository.js';
import { createOfflinePayRepository } from './offline-pay/offline-pay.repository.js';
import { createOrderRepository } from './orders/order.repository.js';
import { createPackageRepository } from './packages/package.repository.js';
import { createReferralRepository } from './referral/referral.repository.js';

/**
 * Commerce's repositories, made once per module (over the pool, or a transaction's) and handed to every
 * commerce service: orders, packages, coupons and their code guesses, bills, referral, ambassadors, the
 * console's views and editors, and the users' rows the coupon redeem locks.
 */
export const createCommerceRepositories = (db: Db) =>
  createRepositories(db, (executor) => ({
    orders: createOrderRepository(executor),
    offlinePay: createOfflinePayRepository(executor),
    packages: createPackageRepository(executor),
    coupons: createCouponRepository(executor),
    codeGuesses: createCodeGuessRepository(executor),
    bills: createBillRepository(executor),
    referrals: createReferralRepository(executor),
    ambassadors: createAmbassadorRepository(executor),
    views: createCommerceViewsRepository(executor),
    editors: createCommerceEditorsRepository(executor),
    users: createUsersRepository(executor),
  }));
export type CommerceRepositories = ReturnType<typeof createCommerceRepositories>;
