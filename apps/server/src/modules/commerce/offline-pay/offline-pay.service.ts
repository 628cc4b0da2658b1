import {
  offlinePaySettingsBodySchema,
  PayMethod,
  type OfflinePayAuditAction,
  type OfflinePayOrder,
  type OfflinePaySettings,
  type OfflinePaySettingsBody,
} from '@app/contract';
import '../commerce.messages.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, conflict, notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/identity/actor.js';
import type { FileStorage } from '../../../platform/storage/file-storage.js';
import type { CommerceRepositories } from '../commerce.repository.js';
import type { OrderRow } from '../commerce.mappers.js';
import { OFFLINE_PAY_KEY, type OfflinePayRepository, type SettingRow } from './offline-pay.repository.js';

export interface OfflinePayDeps {
  store: CommerceRepositories;
  clock: Clock;
  /** OFFLINE_PAY_INSTRUCTIONS: the instructions until an operator writes their own. */
  initialInstructions: string;
  storage: Pick<FileStorage, 'ownImages' | 'urlsById'>;
}

/** The stored settings, or the initial ones (only the instructions, from the environment) before any change. */
const settingsOf = (row: SettingRow | undefined, initialInstructions: string): OfflinePaySettingsBody => {
  const parsed = row ? offlinePaySettingsBodySchema.safeParse(row.data) : null;
  if (parsed?.success) return parsed.data;
  return { payeeName: '', bank: '', account: '', qrFileId: null, serviceUrl: '', instructions: initialInstructions };
};

/** The instructions an offline order is created with (the operator's, else the environment's). */
export const offlineInstructions = async (
  repo: OfflinePayRepository,
  tenantId: number,
  initialInstructions: string,
) => settingsOf(await repo.setting(tenantId, OFFLINE_PAY_KEY), initialInstructions).instructions;

/** How settings and offline orders read: the QR picture and the screenshot as addresses. */
const createOfflinePayViews = ({ store, initialInstructions, storage }: OfflinePayDeps) => {
  const { offlinePay: repo, orders } = store.repos;

  const view = async (row: SettingRow | undefined): Promise<OfflinePaySettings> => {
    const settings = settingsOf(row, initialInstructions);
    const urls = await storage.urlsById(settings.qrFileId ? [settings.qrFileId] : []);
    return {
      ...settings,
      qrUrl: settings.qrFileId ? (urls.get(settings.qrFileId) ?? null) : null,
      updateTime: row?.updatedAt.toISOString() ?? null,
    };
  };

  const orderView = async (order: OrderRow): Promise<OfflinePayOrder> => {
    const { qrFileId: _file, updateTime: _time, ...payee } = await view(
      await repo.setting(order.tenantId, OFFLINE_PAY_KEY),
    );
    const proof = order.transferFileId ? await storage.urlsById([order.transferFileId]) : new Map();
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      amountFen: order.amountFen,
      state: order.state,
      payee,
      transferProofUrl: order.transferFileId ? (proof.get(order.transferFileId) ?? null) : null,
      transferProofTime: order.transferAt?.toISOString() ?? null,
    };
  };

  /** The caller's own offline order (another user's is not found). */
  const ownOfflineOrder = async ({ tenantId, uid }: Actor, orderId: number) => {
    const order = await orders.find(tenantId, { id: orderId }, uid);
    if (!order) throw notFound('order_not_found');
    if (order.payMethod !== PayMethod.Offline) throw badRequest('pay_method_unavailable');
    return order;
  };

  return { view, orderView, ownOfflineOrder };
};

/**
 * Offline payment: the payee an operator configures (one audited command) and the buyer's side of an offline
 * order: what to transfer to, and the transfer screenshot, replaceable while the order waits.
 */
export const createOfflinePayService = (deps: OfflinePayDeps) => {
  const { store, clock, initialInstructions, storage } = deps;
  const { offlinePay: repo } = store.repos;
  const { view, orderView, ownOfflineOrder } = createOfflinePayViews(deps);
  return {
    /** Operators: the settings as they stand. */
    settings: async ({ tenantId }: Actor) => view(await repo.setting(tenantId, OFFLINE_PAY_KEY)),

    /**
     * Operator: replaces the settings (already checked against the contract's schema). A QR picture must be an
     * image the operator uploaded, or the one already set; the change and its audit row are one transaction.
     */
    async update(actor: Actor, body: OfflinePaySettingsBody) {
      // Read before the transaction (files are another part's table, read over the pool).
      const ownsQr =
        body.qrFileId !== null &&
        (await storage.ownImages(actor.tenantId, actor.uid, { ids: [body.qrFileId] })).length === 1;
      const saved = await store.transaction(async ({ offlinePay }, tx) => {
        const row = await offlinePay.lockSetting(actor.tenantId, OFFLINE_PAY_KEY);
        const before = settingsOf(row, initialInstructions);
        if (body.qrFileId !== null && body.qrFileId !== before.qrFileId && !ownsQr) {
          throw badRequest('offline_pay_qr_invalid');
        }
        await offlinePay.saveSetting(actor.tenantId, OFFLINE_PAY_KEY, { ...body }, clock.now());
        const action: OfflinePayAuditAction = 'offline_pay.update';
        await writeAudit(tx, actor, {
          action,
          targetType: 'commerce_setting',
          targetId: OFFLINE_PAY_KEY,
          before: row ? before : null,
          after: body,
        });
        return offlinePay.setting(actor.tenantId, OFFLINE_PAY_KEY);
      });
      return view(saved);
    },

    /** The buyer: where to transfer the amount of their offline order, and the screenshot sent so far. */
    order: async (actor: Actor, orderId: number) => orderView(await ownOfflineOrder(actor, orderId)),

    /**
     * The buyer attaches (or replaces) the transfer screenshot of their pending offline order: an image they
     * uploaded (private, screened and compressed by the upload path). Nothing changes once it is paid or closed.
     */
    async attachProof(actor: Actor, orderId: number, fileId: number) {
      const order = await ownOfflineOrder(actor, orderId);
      const images = await storage.ownImages(actor.tenantId, actor.uid, { ids: [fileId] });
      if (images.length !== 1) throw badRequest('screenshot_not_image');
      const now = clock.now();
      const where = { tenantId: actor.tenantId, userId: actor.uid, orderId: order.id, payMethod: PayMethod.Offline };
      const updated = await repo.attachProof(where, fileId, now);
      if (!updated) {
        const due = order.state === 'pending' && order.expiresAt.getTime() <= now.getTime();
        throw conflict(due ? 'order_expired' : 'order_not_pending');
      }
      return orderView(updated);
    },
  };
};
export type OfflinePayService = ReturnType<typeof createOfflinePayService>;
