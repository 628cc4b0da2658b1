import type { WelcomeGift } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { UserRow } from '../../platform/identity/users.repository.js';
import { noticeTexts } from '../../platform/notify.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { getAppConfig } from '../dictionary/index.js';
import { storeNoticeInTx } from '../im-message/index.js';
import type { AuthRepositories } from './auth.repository.js';
import './welcome-gift.messages.js';

/** Where the welcome notice leads: the records page, where the gift's rows are. */
const WELCOME_NOTICE_LINK = '/pages/index/vip/expenseCalendar';

/**
 * Gives a new account the configured welcome gift inside its sign-up transaction: gold and points through the
 * ledger (reason welcome_gift), VIP days on the membership, and a welcome notice in the message centre (stored in
 * zh-Hans with its four translations; the centre answers in the reader's language).
 */
export const giveWelcomeGift = async (
  store: AuthRepositories,
  tx: DbOrTx,
  user: UserRow,
  gift: WelcomeGift,
  now: Date,
) => {
  for (const currency of ['gold', 'points'] as const) {
    if (gift[currency] > 0)
      await changeBalance(tx, {
        tenantId: user.tenantId,
        userId: user.id,
        currency,
        amount: gift[currency],
        reason: 'welcome_gift',
        refType: 'user',
        refId: String(user.id),
        at: now,
      });
  }
  if (gift.vipDays > 0)
    await store.over(tx).users.extendVip(user.tenantId, user.id, gift.vipDays, now);
  const params = { gold: gift.gold, points: gift.points, days: gift.vipDays };
  await storeNoticeInTx(tx, {
    tenantId: user.tenantId,
    uid: user.id,
    at: now,
    input: {
      type: 'system',
      link: WELCOME_NOTICE_LINK,
      data: { kind: 'welcome_gift', ...params },
      ...noticeTexts(
        {
          title: 'welcome_gift_title',
          content: gift.vipDays > 0 ? 'welcome_gift_content_vip' : 'welcome_gift_content',
        },
        params,
      ),
    },
  });
};

/**
 * Finds the account of a proven phone, or signs it up: the user row, its welcome gift and notice in one
 * transaction (concurrent first logins create one account and one gift). Every way a real account is created
 * (SMS log-in, WeChat phone binding) goes through here.
 */
export const createSignUp = (deps: { db: Db; store: AuthRepositories; clock: Clock }) => {
  const repo = deps.store.repos.users;
  return async (tenantId: number, phone: string): Promise<UserRow> => {
    const existing = await repo.byPhone(tenantId, phone);
    if (existing) return existing;
    // Read before the transaction (one connection under PGlite); a change applies to later sign-ups.
    const { welcomeGift } = await getAppConfig(deps.db, tenantId);
    const now = deps.clock.now();
    return repo.findOrCreateByPhone(tenantId, phone, now, (tx, user) =>
      giveWelcomeGift(deps.store, tx, user, welcomeGift, now),
    );
  };
};
