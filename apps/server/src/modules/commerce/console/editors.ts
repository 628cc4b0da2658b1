import { randomBytes } from 'node:crypto';
import { DEFAULT_AVATAR, type endpoints, type ParsedBodyOf, type ResultOf } from '@app/contract';
import type { Clock } from '../../../platform/clock.js';
import { mapPage } from '../../../platform/db/paged.js';
import { badRequest, notFound } from '../../../platform/errors.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Actor } from '../../../platform/identity/actor.js';
import { authorSummary } from '../../../platform/identity/author.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import type { CommerceEditorsRepository } from './editors.repository.js';
import { newRedeemCode } from '../coupons/redeem-code.js';
import type { couponTemplates, goldPackages } from '../commerce.table.js';
import { couponStateOf } from '../commerce.mappers.js';
import { translationsAfterChange } from '../../../platform/i18n/stored-translations.js';

type PackageRow = typeof goldPackages.$inferSelect;
type TemplateRow = typeof couponTemplates.$inferSelect;
type ConsolePackage = ResultOf<typeof endpoints.consolePackageAdd>;
type ConsoleBatch = ResultOf<typeof endpoints.consoleCouponBatchAdd>;
type PackageInput = ParsedBodyOf<typeof endpoints.consolePackageAdd>;

const DAY = 86_400_000;

interface EditorDeps {
  store: CommerceRepositories;
  clock: Clock;
}

/** Operators' edits of gold and VIP packages: the console's list (with sales), add and change, audited. */
const createPackageEditor = ({ store }: EditorDeps) => {
  const { editors: repo } = store.repos;
  const toPackages = async (rows: PackageRow[]): Promise<ConsolePackage[]> => {
    const sold = await repo.soldCounts(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      packageType: r.packageType,
      description: r.description,
      priceFen: r.priceFen,
      originalPriceFen: r.originalPriceFen,
      gold: r.gold,
      vipDays: r.vipDays,
      vipLevel: r.vipLevel,
      tags: r.tags,
      status: r.status,
      obtainMethod: r.obtainMethod,
      orderNo: r.orderNo,
      os: (r.metadata.os ?? 'all') as ConsolePackage['os'],
      soldCount: sold.get(r.id) ?? 0,
    }));
  };

  const packageValues = (input: Partial<PackageInput>) => {
    const { os, ...rest } = input;
    return { ...rest, ...(os ? { metadata: { os } } : {}) };
  };

  return {
    packagePage: async ({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consolePackagePage>) =>
      mapPage(await repo.packagePage(tenantId, q), toPackages),

    // Rows are mapped after the commit: inside it the embedded database's one connection is the transaction's.
    addPackage: async (actor: Actor, input: PackageInput) => {
      const row = await store.transaction(async ({ editors }, tx) => {
        const row = await editors.insertPackage({
          tenantId: actor.tenantId,
          code: `console_${randomBytes(6).toString('hex')}`,
          ...(({ os: _os, ...rest }) => rest)(input),
          metadata: { os: input.os },
        });
        await writeAudit(tx, actor, {
          action: 'package.add',
          targetType: 'package',
          targetId: row.id,
          after: input,
        });
        return row;
      });
      return (await toPackages([row]))[0]!;
    },

    updatePackage: async (actor: Actor, input: Partial<PackageInput> & { id: number }) => {
      const row = await store.transaction(async ({ editors: packages }, tx) => {
        const { id, ...changes } = input;
        const before = await packages.lockPackage(actor.tenantId, id);
        if (!before) throw notFound('console_not_found');
        const values = packageValues(changes);
        if ('metadata' in values) values.metadata = { ...before.metadata, ...values.metadata };
        const i18n = translationsAfterChange(before.i18n, before, values);
        const row = await packages.updatePackage(actor.tenantId, id, { ...values, i18n });
        await writeAudit(tx, actor, {
          action: 'package.update',
          targetType: 'package',
          targetId: id,
          before: Object.fromEntries(
            Object.keys(changes).map((k) => [
              k,
              k === 'os' ? before.metadata.os : before[k as keyof PackageRow],
            ]),
          ),
          after: changes,
        });
        return row;
      });
      return (await toPackages([row]))[0]!;
    },
  };
};

/**
 * Operators' coupon batches. A batch is a coupon template with `codeCount` codes of its own (coupon_code), each
 * redeemed once; older batches (and seeded templates) have one shared code instead, whose "codes" are its
 * redemptions.
 */
const createBatchEditor = ({ store, clock }: EditorDeps) => {
  const { editors: repo } = store.repos;
  const toBatches = async (rows: TemplateRow[]): Promise<ConsoleBatch[]> => {
    const usedBy = await repo.usedCounts(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type as ConsoleBatch['type'],
      value: r.value,
      threshold: r.threshold,
      packageId: r.packageId,
      validFrom: r.createdAt.toISOString(),
      validUntil: new Date(r.createdAt.getTime() + r.validDays * DAY).toISOString(),
      codeCount: r.stock ?? 0,
      redeemedCount: r.issued,
      usedCount: usedBy.get(r.id) ?? 0,
      createTime: r.createdAt.toISOString(),
    }));
  };

  /** A new batch's codes, each distinct (a collision, at 60 random bits, is drawn again), in `editors`' transaction. */
  const insertCodes = async (
    editors: CommerceEditorsRepository,
    template: { tenantId: number; id: number },
    wanted: number,
    now: Date,
  ) => {
    let stored = 0;
    while (stored < wanted) {
      const chunk = Math.min(1000, wanted - stored);
      const codes = Array.from({ length: chunk }, newRedeemCode);
      stored += await editors.insertCodes(template.tenantId, template.id, codes, now);
    }
  };

  /** A batch's own codes: each with who redeemed it, when, the coupon's state and the order it paid. */
  const ownCodePage = async (templateId: number, q: ParsedBodyOf<typeof endpoints.consoleCouponCodePage>) => {
    const page = await repo.ownCodePage(templateId, q);
    const now = clock.now();
    return mapPage(page, (rows) =>
      rows.map(({ code, user, coupon }) => ({
        code: code.code,
        user: user?.id ? authorSummary(user) : null,
        redeemTime: code.redeemedAt?.toISOString() ?? null,
        couponState: coupon ? couponStateOf(coupon, now) : ('unredeemed' as const),
        orderId: coupon?.orderId ?? null,
      })),
    );
  };

  return {
    batchPage: async ({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleCouponBatchPage>) =>
      mapPage(await repo.batchPage(tenantId, q), toBatches),

    addBatch: async (actor: Actor, input: ParsedBodyOf<typeof endpoints.consoleCouponBatchAdd>) => {
      const row = await store.transaction(async ({ editors }, tx) => {
        const from = new Date(input.validFrom);
        const until = new Date(input.validUntil);
        const now = clock.now();
        if (until <= from || until <= now) throw badRequest('date_invalid');
        if (input.type === 4 && !input.packageId) throw badRequest('coupon_package_required');
        const row = await editors.insertTemplate({
          tenantId: actor.tenantId,
          name: input.name,
          description: input.description,
          type: input.type,
          value: input.value,
          threshold: input.threshold,
          packageId: input.packageId,
          validDays: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / DAY)),
          stock: input.codeCount,
          perUserLimit: 1,
          createdAt: now,
        });
        await insertCodes(editors, row, input.codeCount, now);
        await writeAudit(tx, actor, {
          action: 'coupon_batch.add',
          targetType: 'coupon_batch',
          targetId: row.id,
          after: input,
        });
        return row;
      });
      return (await toBatches([row]))[0]!;
    },

    async codePage({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleCouponCodePage>) {
      const template = await repo.template(tenantId, q.filters.batchId);
      if (!template) throw notFound('console_not_found');
      if (template.code === null) return ownCodePage(template.id, q);
      // An older batch's one code is shared: its "codes" are the redemptions (unredeemed places are stock left).
      if (q.filters.redeemed === false) return { items: [], total: 0, page: q.page, pageSize: q.pageSize };
      const page = await repo.redemptionPage(tenantId, template.id, q);
      const now = clock.now();
      return mapPage(page, (rows) =>
        rows.map(({ coupon, user }) => ({
          code: template.code ?? '',
          user: user ? authorSummary(user) : { id: coupon.userId, nickName: '', avatar: DEFAULT_AVATAR },
          redeemTime: coupon.createdAt.toISOString(),
          couponState: couponStateOf(coupon, now),
          orderId: coupon.orderId,
        })),
      );
    },
  };
};

/** Operators' edits of packages and coupon batches. */
export const createCommerceEditors = (deps: EditorDeps) => ({
  ...createPackageEditor(deps),
  ...createBatchEditor(deps),
});

export type CommerceEditors = ReturnType<typeof createCommerceEditors>;
