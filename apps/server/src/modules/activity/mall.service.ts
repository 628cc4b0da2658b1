import {
  type endpoints,
  type ExchangeRecord,
  type Locale,
  type MallItem,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type ResultOf,
} from '@app/contract';
import { localize, translationsAfterChange } from '../../platform/i18n/stored-translations.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import { authorSummaryIn } from '../../platform/identity/author.js';
import { mapPage } from '../../platform/db/paged.js';
import type { Clock } from '../../platform/clock.js';
import type { MemoryCache } from '../../platform/cache/memory-cache.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { changeBalance } from '../../platform/wallet/balance.js';
import type { loadActivityRules } from './activity-rules.js';
import { memberUidOf } from './activity-caller.js';
import type { ActivityRepositories } from './activity.repository.js';
import type { ExchangeRow, MallItemRow as ItemRow } from './mall.repository.js';
import { grantReward } from './rewards.js';
import type { ActivityCoupons } from '../commerce/index.js';
import type { FastifyBaseLogger } from 'fastify';
import { decisionNoticeInTx, type NoticeInTx } from '../../platform/notify.js';
import './mall-shipping.messages.js';

/** An item as its reader sees it: name and description in the reader's language. */
const toItem = (row: ItemRow, myExchanged = 0, locale: Locale = 'zh-Hans'): MallItem => ({
  ...localize({ name: row.name, description: row.description }, row.i18n, locale),
  id: row.id,
  image: row.image,
  kind: row.kind as MallItem['kind'],
  amount: row.amount,
  points: row.points,
  stock: row.stock,
  exchanged: row.exchanged,
  limitPerUser: row.limitPerUser,
  myExchanged,
});
const toAdminItem = (row: ItemRow) => ({
  ...toItem(row),
  status: (row.status === 1 ? 1 : 0) as 0 | 1,
  sort: row.sort,
});
const toRecord = (row: ExchangeRow): ExchangeRecord => ({
  id: row.id,
  itemId: row.itemId,
  name: row.name,
  image: row.image,
  kind: row.kind as ExchangeRecord['kind'],
  amount: row.amount,
  points: row.points,
  status: row.status as ExchangeRecord['status'],
  courier: row.courier,
  trackingNo: row.trackingNo,
  shipTime: row.shippedAt?.toISOString() ?? null,
  createTime: row.createdAt.toISOString(),
});

type ShippingItem = ResultOf<typeof endpoints.consoleShip>;

interface MallDeps {
  store: ActivityRepositories;
  clock: Clock;
  cache: MemoryCache;
  /** The buyer's notice of a shipment, stored with it (platform.noticeInTx). */
  noticeInTx: NoticeInTx;
  log: FastifyBaseLogger;
  /** Commerce's coupons: a coupon item is granted there. */
  coupons: ActivityCoupons;
}

/**
 * The shop: its window, exchanges and my exchanges. An exchange runs in one transaction: the user's row is locked (so the per-user limit is
 * counted without a race), the stock goes down by a conditional update (`stock > 0`, never oversold), the
 * points are debited through the ledger (never below 0) and the item is credited or recorded.
 */
const createMallShop = ({ store, clock, cache, coupons }: MallDeps) => {
  const { mall: repo, users, activityRules } = store.repos;
  // The shop window as everyone sees it, until an item or the rules dictionary changes (stock included).
  const windows = cache.area<{
    rows: ItemRow[];
    total: number;
    rules: Awaited<ReturnType<typeof loadActivityRules>>['exchangeRules'];
  }>({
    tables: ['points_mall_item', 'sys_dict_data', 'sys_dict_type'],
    maxEntries: 200,
  });

  return {
    /** The shop window in the caller's language, with a member's points and exchanges. */
    async page(actor: Actor, page: ParsedBodyOf<typeof endpoints.mallPage>) {
      const { tenantId, locale } = actor;
      const uid = memberUidOf(actor);
      const [{ rows, total, rules }, myPoints] = await Promise.all([
        windows.get(`${tenantId}:${page.page}:${page.pageSize}:${locale}`, async () => {
          const [items, stored] = await Promise.all([
            repo.itemPage(tenantId, true, page),
            activityRules(tenantId, locale),
          ]);
          return { rows: items.items, total: items.total, rules: stored.exchangeRules };
        }),
        uid ? users.points(tenantId, uid) : Promise.resolve(null),
      ]);
      const mine = uid && rows.length ? await repo.exchangedByItem(tenantId, uid) : new Map<number, number>();
      return {
        items: rows.map((r) => toItem(r, mine.get(r.id) ?? 0, locale)),
        total,
        ...page,
        myPoints,
        rules,
      };
    },

    async exchange({ tenantId, uid }: Actor, itemId: number) {
      return store.transaction(async ({ mall, users }, tx) => {
        await users.lock(tenantId, uid);
        const item = await mall.enabledItem(tenantId, itemId);
        if (!item) throw notFound('mall_item_not_found');
        if (item.limitPerUser > 0 && (await mall.exchangedOf(tenantId, uid, itemId)) >= item.limitPerUser)
          throw conflict('mall_limit_reached', { limit: item.limitPerUser });
        const now = clock.now();
        const stock = await mall.takeOne(itemId);
        if (stock === undefined) throw conflict('mall_out_of_stock');
        const record = await mall.recordExchange({
          tenantId,
          userId: uid,
          itemId,
          name: item.name,
          image: item.image,
          kind: item.kind,
          amount: item.amount,
          points: item.points,
          status: item.kind === 'physical' ? 'shipping' : 'done',
          createdAt: now,
        });
        const points = await changeBalance(tx, {
          at: now,
          tenantId,
          userId: uid,
          currency: 'points',
          amount: -item.points,
          reason: 'mall_exchange',
          refType: 'mall_exchange',
          refId: String(record.id),
        });
        await grantReward(tx, users, coupons, {
          tenantId,
          uid,
          kind: item.kind,
          amount: item.amount,
          name: item.name,
          translations: item.i18n,
          reason: 'mall_exchange',
          refType: 'mall_exchange',
          refId: String(record.id),
          now,
        });
        return { record: toRecord(record), points, stock };
      });
    },

    myExchanges: async ({ tenantId, uid }: Actor, page: ParsedQueryOf<typeof endpoints.mallMyExchanges>) =>
      mapPage(await repo.exchangePage(tenantId, uid, page), (rows) => rows.map(toRecord)),
  };
};

/** Physical exchanges for operators: the queue, the page and the shipment (audited, the buyer told). */
const createMallShipping = ({ store, clock, noticeInTx, log }: MallDeps) => {
  const { mall: repo, authors } = store.repos;
  const shippingItems = async (rows: ExchangeRow[]): Promise<ShippingItem[]> => {
    const people = await authors(rows.map((r) => r.userId));
    return rows.map((r) => ({
      id: r.id,
      user: authorSummaryIn(people, r.userId),
      itemId: r.itemId,
      itemName: r.name,
      image: r.image,
      points: r.points,
      status: r.status === 'shipped' ? 'shipped' : 'shipping',
      courier: r.courier,
      trackingNo: r.trackingNo,
      shipTime: r.shippedAt?.toISOString() ?? null,
      createTime: r.createdAt.toISOString(),
    }));
  };

  return {
    /** Physical exchanges waiting to ship: how many and since when (a console queue). */
    shippingQueue: ({ tenantId }: Actor) => repo.shippingQueue(tenantId),

    /** Console: physical exchanges to ship (status shipping) and shipped, filtered and sorted in SQL. */
    shippingPage: async ({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleShippingPage>) =>
      mapPage(await repo.shippingPage(tenantId, q), shippingItems),

    /** Console: records courier and tracking number of a waiting physical exchange (audited). */
    async ship(actor: Actor, body: ParsedBodyOf<typeof endpoints.consoleShip>) {
      const row = await store.transaction(async ({ mall: exchanges }, tx) => {
        const updated = await exchanges.ship(
          actor.tenantId,
          body.id,
          body.courier,
          body.trackingNo,
          clock.now(),
        );
        if (!updated) {
          throw (await exchanges.physicalExchangeExists(actor.tenantId, body.id))
            ? conflict('console_not_pending')
            : notFound('console_not_found');
        }
        await writeAudit(tx, actor, {
          action: 'mall.ship',
          targetType: 'mall_exchange',
          targetId: updated.id,
          before: { status: 'shipping' },
          after: { status: 'shipped', courier: body.courier, trackingNo: body.trackingNo },
        });
        const tell = await decisionNoticeInTx(noticeInTx, log, tx, {
          tenantId: actor.tenantId,
          uid: updated.userId,
          keys: { title: 'console_mall_shipped_title', content: 'console_mall_shipped' },
          params: { name: updated.name, courier: body.courier, trackingNo: body.trackingNo },
        });
        return { updated, tell };
      });
      await row.tell();
      return (await shippingItems([row.updated]))[0]!;
    },
  };
};

const badAmount = () => new AppError(400, 'mall_amount_required');

/** The items as operators edit them: the lists, add, update and remove (each audited). */
const createMallItemEditor = ({ store, clock }: MallDeps) => ({
  adminPage: async ({ tenantId }: Actor, page: ParsedBodyOf<typeof endpoints.mallAdminPage>) =>
    mapPage(await store.repos.mall.itemPage(tenantId, false, page), (rows) => rows.map(toAdminItem)),

  /** Console table: keyword, kind and status filters and the operator's sort, in SQL. */
  consolePage: async ({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleMallItemPage>) =>
    mapPage(await store.repos.mall.consoleItemPage(tenantId, q), (rows) => rows.map(toAdminItem)),

  async add(actor: Actor, input: ParsedBodyOf<typeof endpoints.mallAdd>) {
    const now = clock.now();
    return store.transaction(async ({ mall: items }, tx) => {
      const row = await items.insert({
        tenantId: actor.tenantId,
        ...input,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(tx, actor, {
        action: 'mall_item.add',
        targetType: 'mall_item',
        targetId: row.id,
        after: input,
      });
      return toAdminItem(row);
    });
  },

  async update(actor: Actor, input: ParsedBodyOf<typeof endpoints.mallUpdate>) {
    const { id, ...changes } = input;
    return store.transaction(async ({ mall: items }, tx) => {
      const row = await items.lockItem(actor.tenantId, id);
      if (!row) throw notFound('mall_item_not_found');
      const merged = { ...row, ...changes };
      if (merged.kind !== 'physical' && merged.amount <= 0) throw badAmount();
      const i18n = translationsAfterChange(row.i18n, row, changes);
      const updated = await items.update(id, { ...changes, i18n, updatedAt: clock.now() });
      const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof typeof row]]));
      await writeAudit(tx, actor, {
        action: 'mall_item.update',
        targetType: 'mall_item',
        targetId: id,
        before,
        after: changes,
      });
      return toAdminItem(updated);
    });
  },

  async remove(actor: Actor, id: number) {
    return store.transaction(async ({ mall: items }, tx) => {
      if (!(await items.remove(actor.tenantId, id, clock.now()))) throw notFound('mall_item_not_found');
      await writeAudit(tx, actor, { action: 'mall_item.delete', targetType: 'mall_item', targetId: id });
      return { id };
    });
  },
});

/** Points mall: the shop, shipping and the operators' item editor. */
export const createMallService = (deps: MallDeps) => ({
  ...createMallShop(deps),
  ...createMallShipping(deps),
  ...createMallItemEditor(deps),
});
export type MallService = ReturnType<typeof createMallService>;
