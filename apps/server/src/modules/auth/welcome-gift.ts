import type { SignUpGuard, WelcomeGift } from '@app/contract';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { UserRow } from '../../platform/identity/users.repository.js';
import { noticeTexts } from '../../platform/notify.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import { getAppConfig } from '../dictionary/index.js';
import { storeNoticeInTx } from '../im-message/index.js';
import type { AuthRepositories } from './auth.repository.js';
import { welcomeGiftClaims } from './auth.table.js';
import { shanghaiDayStart } from './captcha.service.js';
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

/** Why a new account got no welcome gift: its device had one, or its address had its day's number. */
export type GiftWithheld = 'device' | 'ip';

/**
 * Whether the new account may have the gift, claiming it when so (inside the sign-up transaction): once per
 * device id (a unique claim), at most `giftsPerIpDaily` per address per Asia/Shanghai day (sign-ups from one
 * address take turns on an advisory lock, so racing ones cannot pass the count together).
 */
const claimGift = async (
  tx: DbOrTx,
  user: UserRow,
  origin: { ip: string; deviceId: string | null },
  guard: SignUpGuard,
  now: Date,
): Promise<GiftWithheld | null> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`welcome-gift:${origin.ip}`}))`);
  const [today] = await tx
    .select({ n: count() })
    .from(welcomeGiftClaims)
    .where(and(eq(welcomeGiftClaims.ip, origin.ip), gte(welcomeGiftClaims.createdAt, shanghaiDayStart(now))));
  if ((today?.n ?? 0) >= guard.giftsPerIpDaily) return 'ip';
  const claimed = await tx
    .insert(welcomeGiftClaims)
    .values({ tenantId: user.tenantId, userId: user.id, deviceId: origin.deviceId, ip: origin.ip, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: welcomeGiftClaims.id });
  return claimed.length > 0 ? null : 'device';
};

/** The notice of an account signed up without the gift, saying why. */
const tellWithheld = (tx: DbOrTx, user: UserRow, why: GiftWithheld, guard: SignUpGuard, now: Date) =>
  storeNoticeInTx(tx, {
    tenantId: user.tenantId,
    uid: user.id,
    at: now,
    input: {
      type: 'system',
      link: WELCOME_NOTICE_LINK,
      data: { kind: 'welcome_gift_withheld', reason: why },
      ...noticeTexts(
        {
          title: 'welcome_gift_withheld_title',
          content: why === 'device' ? 'welcome_gift_withheld_device' : 'welcome_gift_withheld_ip',
        },
        { limit: guard.giftsPerIpDaily },
      ),
    },
  });

/**
 * Finds the account of a proven phone, or signs it up: the user row, its welcome gift (or the notice saying
 * why there is none) in one transaction (concurrent first logins create one account and one gift). Every way a
 * real account is created (SMS log-in, WeChat phone binding) goes through here; `origin` is the caller's
 * address and device id (null when the client sends none: the address's daily number still applies).
 */
export const createSignUp = (deps: { db: Db; store: AuthRepositories; clock: Clock }) => {
  const repo = deps.store.repos.users;
  return async (
    tenantId: number,
    phone: string,
    origin: { ip: string; deviceId: string | null },
  ): Promise<{ user: UserRow; withheld: GiftWithheld | null }> => {
    const existing = await repo.byPhone(tenantId, phone);
    if (existing) return { user: existing, withheld: null };
    // Read before the transaction (one connection under PGlite); a change applies to later sign-ups.
    const { welcomeGift, signUpGuard } = await getAppConfig(deps.db, tenantId);
    const now = deps.clock.now();
    let withheld: GiftWithheld | null = null;
    const user = await repo.findOrCreateByPhone(tenantId, phone, now, async (tx, created) => {
      withheld = await claimGift(tx, created, origin, signUpGuard, now);
      if (withheld) await tellWithheld(tx, created, withheld, signUpGuard, now);
      else await giveWelcomeGift(deps.store, tx, created, welcomeGift, now);
    });
    return { user, withheld };
  };
};
