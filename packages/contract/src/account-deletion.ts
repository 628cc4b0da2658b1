import { z } from 'zod';
import { sendCaptchaResultSchema } from './auth.js';
import { defineEndpoint } from './registry.js';
import { smsCodeSchema } from './validators.js';

/**
 * Account deletion (注销, 《个人信息保护法》): a fresh proof (an SMS code sent to the bound phone, or the password),
 * a list of what will be lost, a cooling-off period (app_config `accountDeletion.coolingOffDays`, default 15)
 * during which logging in offers to cancel, then the anonymisation by a recurring job.
 *
 * Error ids: `deletion_order_in_progress` (409: an order is being paid; `extras.orderNo`), `deletion_pending`
 * (409: already requested; `extras.dueAt`), `deletion_not_pending` (409: nothing to cancel),
 * `deletion_no_phone` (409: no bound phone for a code; use the password), `deletion_password_wrong`
 * (400, `message.password`), `password_not_set` (409), the SMS code ids of auth.ts (400, `message.code`).
 */
/** A count read with a cap (an author may have very many): `more` when there are at least `count`. */
export const cappedCountSchema = z.object({ count: z.number().int().min(0), more: z.boolean() });
export type CappedCount = z.infer<typeof cappedCountSchema>;
/** How far a works count is read before it shows as "999+". */
export const DELETION_COUNT_CAP = 999;

/** An order that holds the deletion back: it is being paid (pending). */
export const deletionOrderSchema = z.object({
  orderNo: z.string(),
  packageName: z.string(),
  amountFen: z.number().int().min(0),
  createTime: z.string(),
});
export type DeletionOrder = z.infer<typeof deletionOrderSchema>;

/** What deleting the account would lose, and whether it may be requested now. */
export const deletionLossesSchema = z.object({
  /** Whole days of VIP left (0 when not VIP). */
  vipDaysLeft: z.number().int().min(0),
  vipExpireDate: z.string().nullable(),
  gold: z.number().int().min(0),
  points: z.number().int().min(0),
  /** Orders being paid (at most 20): while there is one, deletion waits. */
  openOrders: z.array(deletionOrderSchema),
  /** Published plaza works and drafts. */
  works: z.object({ articles: cappedCountSchema, drafts: cappedCountSchema }),
  coolingOffDays: z.number().int().min(0),
  /** How the user can prove it is them: a code to the masked phone, the password. */
  proof: z.object({ phone: z.string().nullable(), password: z.boolean() }),
  /** ISO time the account will be deleted, when a deletion is already pending. */
  dueAt: z.string().nullable(),
});
export type DeletionLosses = z.infer<typeof deletionLossesSchema>;

/** The proof: exactly one of an SMS code (sent by sendDeleteCode) or the password. */
export const fakeDeleteBodySchema = z
  .object({
    code: smsCodeSchema.optional(),
    password: z.string().min(1).max(64).optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.password === undefined), 'deletion_proof_required');

export const deletionRequestSchema = z.object({
  requestedAt: z.string(),
  /** When the anonymisation runs unless the user cancels (logging in offers it). */
  dueAt: z.string(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

export const accountDeletionEndpoints = {
  deletionLosses: defineEndpoint({
    method: 'GET',
    path: '/api/sysUser/deletionLosses',
    auth: 'user',
    tag: 'user',
    summary:
      'What deleting the account loses (VIP days, gold, points, orders being paid, works and drafts) and how to prove it is you',
    result: deletionLossesSchema,
  }),
  sendDeleteCode: defineEndpoint({
    method: 'POST',
    path: '/api/sysUser/sendDeleteCode',
    auth: 'user',
    tag: 'user',
    summary: 'Sends an SMS code to the caller’s bound phone, for the deletion (same limits as SendCaptcha)',
    result: sendCaptchaResultSchema,
  }),
  fakeDelete: defineEndpoint({
    method: 'POST',
    path: '/api/sysUser/fakeDelete',
    auth: 'user',
    tag: 'user',
    summary:
      'Requests the deletion with an SMS code or the password: every other session ends at once (the caller’s with its logout); after the cooling-off period the account is anonymised (409 deletion_order_in_progress while an order is being paid)',
    body: fakeDeleteBodySchema,
    result: deletionRequestSchema,
  }),
  cancelDelete: defineEndpoint({
    method: 'POST',
    path: '/api/sysUser/cancelDelete',
    auth: 'user',
    tag: 'user',
    summary: 'Cancels a pending deletion during the cooling-off period: the account stays as it was',
    result: z.boolean(),
  }),
};
