import { z } from 'zod';
import { cursorField, keysetPagedSchema, pagedSchema } from './envelope.js';
import { CouponType, PayMethod } from './enums.js';
import { defineEndpoint } from './registry.js';
import { isHttpLink } from './media-url.js';
import { billStateSchema, billTargetSchema, LEDGER_REASONS } from './ledger.js';

/**
 * Membership and commerce: VIP and gold packages, orders and payment, gold/points bills, coupons,
 * referral codes, welfare and the seeding-ambassador programme.
 *
 * Money rules:
 * - Every money amount is integer fen (1 yuan = 100 fen); gold and points are integers.
 * - Prices are computed on the server only (`calculateDiscountedPrice` below is the one rule).
 * - Local payment (pay method 0) pays from the gold balance at GOLD_PER_YUAN = 1200 gold per yuan, the rate a
 *   fresh install sells gold at (12000 gold for ¥10; issue 37). A package paid with gold grants its VIP days and
 *   not its gold (gold bought with gold would pay for itself); a gold pack without VIP days cannot be paid with gold.
 * - Balances change only through ledger rows (`/api/sysGoldPackageBill/*` reads them).
 */
export const GOLD_PER_YUAN = 1200;
/** Gold charged for a local (gold balance) payment of `payFen`. */
export const goldForFen = (payFen: number): number => Math.round((payFen * GOLD_PER_YUAN) / 100);
/** Gold can pay for a package that grants VIP days, or one that grants no gold: never for a gold pack. */
export const goldCanPay = (pkg: { gold: number; vipDays: number }): boolean => pkg.vipDays > 0 || pkg.gold <= 0;

/** How a package is obtained (query `obtainMethod`): bought, or claimed free once per Asia/Shanghai day. */
export const ObtainMethod = { Purchase: 1, Free: 2 } as const;
export type ObtainMethod = (typeof ObtainMethod)[keyof typeof ObtainMethod];
/** Package status: 1 on sale, 0 disabled (hidden from the app, cannot be bought). */
export const PackageStatus = { Disabled: 0, Enabled: 1 } as const;
export const PACKAGE_OS = ['all', 'android', 'ios'] as const;
/** Free packages (obtainMethod 2) claimable per user per Asia/Shanghai day. */
export const FREE_PACKAGE_DAILY_LIMIT = 1;

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const coercedId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const pageFields = {
  page: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month_format');

// ---- Packages ----

export const goldPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Value of the `package_type` dictionary: vip, gold, promotion, free. */
  packageType: z.string(),
  description: z.string(),
  /** Price in fen. */
  priceFen: z.number().int().min(0),
  /** Crossed-out price in fen (null when none). */
  originalPriceFen: z.number().int().min(0).nullable(),
  /** Gold a local payment costs without a coupon (goldForFen(priceFen)). */
  goldPrice: z.number().int().min(0),
  /** Gold granted when paid. */
  gold: z.number().int().min(0),
  /** VIP days granted when paid (extend from the later of now and the current expiry). */
  vipDays: z.number().int().min(0),
  /** VIP level granted with the days (0 when the package grants no VIP). */
  vipLevel: z.number().int().min(0),
  /** Labels shown on the card, e.g. 推荐, 限时. */
  tags: z.array(z.string()),
  status: z.number().int(),
  obtainMethod: z.number().int(),
  /** Sort key: ascending. */
  orderNo: z.number().int(),
  /** metadata.os: all, android or ios (spec §9: the app lists os android). */
  metadata: z.object({ os: z.enum(PACKAGE_OS) }).catchall(z.unknown()),
});
export type GoldPackage = z.infer<typeof goldPackageSchema>;

export const packageFilterFields = {
  /** Default 1 (on sale); operators may ask 0. */
  status: z.coerce.number().int().min(0).max(1).optional(),
  obtainMethod: z.coerce.number().int().min(1).max(2).optional(),
  /** all, android or ios: packages of that os plus those for all; omit for every package. */
  os: z.enum(PACKAGE_OS).optional(),
  packageType: z.string().max(32).optional(),
};
export const goldPackagePageBodySchema = z.object({ ...pageFields, ...packageFilterFields });
export const goldPackageListQuerySchema = z.object(packageFilterFields);

// ---- Orders ----

export const ORDER_STATES = ['pending', 'paid', 'canceled', 'expired', 'refunded'] as const;
export const orderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderStateSchema>;

const payMethodValues = Object.values(PayMethod) as number[];
export const payMethodSchema = z
  .number()
  .int()
  .refine((v) => payMethodValues.includes(v), 'pay_method_unknown');

/**
 * What the client needs to pay, by method (null when nothing is left to do: local, free, zero amount).
 * - 100/101 `jsapi`: hand `params` to wx.requestPayment / WeixinJSBridge getBrandWCPayRequest.
 * - 102 `native`: show `codeUrl` as a QR code.   103 `h5`: open `url` (WeChat H5 cashier).
 * - 104 `app`: WeChat Open SDK PayReq `params`.   203 `alipay_wap`: open `url`.   204 `alipay_app`: `orderString`.
 * - 1 `offline`: show `instructions`; an operator confirms the transfer.
 * Then poll `/api/sysOrder/detail` (or wait for the hub event `order_paid`).
 */
export const payParamsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('jsapi'), params: z.record(z.string(), z.string()) }),
  z.object({ kind: z.literal('native'), codeUrl: z.string() }),
  z.object({ kind: z.literal('h5'), url: z.string() }),
  z.object({ kind: z.literal('app'), params: z.record(z.string(), z.string()) }),
  z.object({ kind: z.literal('alipay_wap'), url: z.string() }),
  z.object({ kind: z.literal('alipay_app'), orderString: z.string() }),
  z.object({ kind: z.literal('offline'), instructions: z.string() }),
]);
export type PayParams = z.infer<typeof payParamsSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  /** Merchant order number (out_trade_no). */
  orderNo: z.string(),
  packageId: z.number().int(),
  packageName: z.string(),
  payMethod: z.number().int(),
  state: orderStateSchema,
  /** Package price when ordered. */
  originalFen: z.number().int().min(0),
  /** Coupon discount. */
  discountFen: z.number().int().min(0),
  /** Amount to pay (originalFen - discountFen). */
  amountFen: z.number().int().min(0),
  /** Gold charged (local payment) or null. */
  goldCost: z.number().int().min(0).nullable(),
  couponId: z.number().int().nullable(),
  /** What the package grants. */
  gold: z.number().int().min(0),
  vipDays: z.number().int().min(0),
  payParams: payParamsSchema.nullable(),
  /** A pending order expires (and can no longer be paid) at this time. */
  expireTime: z.string(),
  payTime: z.string().nullable(),
  cancelTime: z.string().nullable(),
  refundTime: z.string().nullable(),
  /** VIP expiry after this order was granted (null when it grants no VIP or is not paid). */
  vipExpireAfter: z.string().nullable(),
  createTime: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

// ---- Offline payment: the payee an operator configures, and the user's transfer screenshot ----

/** What the console edits (`/api/console/offline-pay`); every field is checked here, on the server too. */
export const offlinePaySettingsBodySchema = z.object({
  /** The account holder's name the user transfers to (户名). */
  payeeName: z.string().trim().max(64),
  /** The bank, or another channel (支付宝, 微信), that holds the account. */
  bank: z.string().trim().max(64),
  /** The account number (or the channel's account id). */
  account: z.string().trim().max(64),
  /** The payment QR picture: an image the operator uploaded first through UploadAttachments (null: none). */
  qrFileId: id.nullable(),
  /** Where the user reaches customer service: an http(s) address (empty: none). */
  serviceUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || isHttpLink(v), 'link_invalid'),
  /** What to do, in the operator's words (OFFLINE_PAY_INSTRUCTIONS until changed). */
  instructions: z.string().trim().min(1).max(1000),
});
export type OfflinePaySettingsBody = z.infer<typeof offlinePaySettingsBodySchema>;

/** The payee as the user and the console read it: the QR picture as an address (public file). */
export const offlinePaySettingsSchema = offlinePaySettingsBodySchema.extend({
  qrUrl: z.string().nullable(),
  /** When an operator last changed it (null: still the initial text). */
  updateTime: z.string().nullable(),
});
export type OfflinePaySettings = z.infer<typeof offlinePaySettingsSchema>;

/** An offline order as its payer reads it: the payee to transfer to and the screenshot sent so far. */
export const offlinePayOrderSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  amountFen: z.number().int().min(0),
  state: orderStateSchema,
  payee: offlinePaySettingsSchema.omit({ qrFileId: true, updateTime: true }),
  /** The transfer screenshot (private file: a signed link valid 600 s), null until sent. */
  transferProofUrl: z.string().nullable(),
  transferProofTime: z.string().nullable(),
});
export type OfflinePayOrder = z.infer<typeof offlinePayOrderSchema>;

export const transferProofBodySchema = z.object({
  /** The caller's pending offline order. */
  id,
  /** An image the caller uploaded first through UploadAttachments (checked by content there). */
  fileId: id,
});

/** Audit actions of offline payment (the operator's commands of commerce's orders and settings). */
export const OFFLINE_PAY_AUDIT_ACTIONS = [
  'offline_pay.update',
  'order.confirm_offline',
  'order.reject_offline',
] as const;
export type OfflinePayAuditAction = (typeof OFFLINE_PAY_AUDIT_ACTIONS)[number];

export const buyGoldPackageBodySchema = z.object({
  packageId: id,
  payMethod: payMethodSchema,
  couponId: id.optional(),
  /** A referral code (sysUserCouponCode) of another user; binds the caller as referee if not yet bound. */
  referralCode: z.string().trim().min(4).max(16).optional(),
  /** WeChat JSAPI (100/101): the payer's openid when the server has none bound for the pay app id. */
  openid: z.string().min(1).max(128).optional(),
  /** Alipay H5 / WeChat H5: where to come back to. */
  returnUrl: z.string().url().max(500).optional(),
});

export const orderIdQuerySchema = z
  .object({ id: coercedId.optional(), orderNo: z.string().max(64).optional() })
  .refine((v) => v.id !== undefined || v.orderNo !== undefined, 'id_or_order_no_required');
export const orderIdBodySchema = z.object({ id });
export const orderAdminBodySchema = z.object({ id, remark: z.string().trim().max(200).optional() });
/**
 * Gold an order granted is taken back only as far as the balance allows, and never silently: when the user
 * has spent some of it, the refund answers 409 `refund_gold_spent` (`extras.gold`, `balance`, `takeBack`,
 * `shortfall`) unless `acceptShortfall` is at least that shortfall (the operator saw it, e.g. in the refund
 * preview, and accepts it). The balance never goes below zero.
 */
export const acceptShortfallSchema = z.number().int().min(0).max(2_000_000_000).optional();
export const orderRefundBodySchema = orderAdminBodySchema.extend({ acceptShortfall: acceptShortfallSchema });
/** What a refund would do now (console preview). */
export const refundPreviewSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  /** Gold the order granted, to take back. */
  gold: z.number().int().min(0),
  /** The user's gold balance now. */
  balance: z.number().int().min(0),
  /** Gold the refund takes back (the balance allowing). */
  takeBack: z.number().int().min(0),
  /** Granted gold already spent: cannot be taken back. */
  shortfall: z.number().int().min(0),
  /** Gold the order was paid with (local payment), given back. */
  goldReturned: z.number().int().min(0),
  vipDays: z.number().int().min(0),
});

export const orderPageBodySchema = z.object({ ...pageFields, state: orderStateSchema.optional() });

export const todayFreeNumberSchema = z.object({
  /** Asia/Shanghai date. */
  date: z.string(),
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
});

export const orderPaidPayloadSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  state: orderStateSchema,
});

// ---- Bills (account ledger) ----

export const billSchema = z.object({
  id: z.number().int(),
  currency: z.enum(['gold', 'points']),
  /** Positive credit, negative debit. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  /** Machine reason, one of LEDGER_REASONS (ledger.ts). */
  reason: z.string(),
  /** What the row is shown as (its label and icon): the reason, a hold's capture or release folded into the hold's. */
  kind: z.enum(LEDGER_REASONS),
  /**
   * A paid task's one line (hold, capture and release merged): its state; null for every other row. The list
   * answers the hold's row only, its `net` being what the task finally cost (0 once released).
   */
  state: billStateSchema.nullable(),
  /** What the balance finally changed by for this line (the amount, or 0 for a released hold). */
  net: z.number().int(),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  /** The task or order the row belongs to (the detail page links to it); null when it has no page. */
  target: billTargetSchema.nullable(),
  /** Asia/Shanghai date of the row. */
  date: z.string(),
  createTime: z.string(),
});
export type Bill = z.infer<typeof billSchema>;

export const billPageBodySchema = z.object({
  ...pageFields,
  ...cursorField,
  currency: z.enum(['gold', 'points']).optional(),
  /** YYYY-MM in Asia/Shanghai. */
  month: monthSchema.optional(),
});
export const billCalendarQuerySchema = z.object({
  month: monthSchema,
  currency: z.enum(['gold', 'points']).default('gold'),
});
export const billCalendarSchema = z.object({
  month: z.string(),
  currency: z.enum(['gold', 'points']),
  /** Only days with rows, ascending. */
  days: z.array(
    z.object({
      date: z.string(),
      income: z.number().int(),
      expense: z.number().int(),
      /** income - expense. */
      total: z.number().int(),
      count: z.number().int(),
    }),
  ),
  income: z.number().int(),
  expense: z.number().int(),
});
export const billDetailSchema = billSchema.extend({ order: orderSchema.nullable() });

// ---- Coupons ----

export const couponTypeSchema = z.union([
  z.literal(CouponType.Cash),
  z.literal(CouponType.Discount),
  z.literal(CouponType.Package),
  z.literal(CouponType.Threshold),
]);
export const COUPON_STATES = ['usable', 'reserved', 'used', 'expired'] as const;

/**
 * A user's coupon. `value`: type 1 cash and 8 threshold-reduction → fen off; type 2 discount → per-mille
 * paid (850 = 8.5折, 15% off); type 4 package → unused (its package is free). `threshold` (type 8): least
 * package price in fen. `packageId`: only for that package (always set for type 4).
 */
export const couponSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: couponTypeSchema,
  value: z.number().int().min(0),
  threshold: z.number().int().min(0),
  packageId: z.number().int().nullable(),
  validFrom: z.string(),
  validUntil: z.string(),
  /** usable; reserved (held by a pending order); used; expired (by the clock). */
  state: z.enum(COUPON_STATES),
  orderId: z.number().int().nullable(),
  useTime: z.string().nullable(),
  createTime: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponPageBodySchema = z.object({
  ...pageFields,
  /** usable (includes reserved), used, expired. */
  state: z.enum(['usable', 'used', 'expired']).default('usable'),
});
/**
 * Code guessing is limited per account as well as per address: after WRONG_CODES_PER_HOUR wrong codes
 * (`coupon_code_invalid` / `referral_code_invalid`) within an hour of the first, `sysCoupon/exchange` and
 * `sysUserCouponCode/bind` answer 429 `too_many_wrong_codes` for every code, right ones too, with
 * `extras.minutes`, `extras.until` (Asia/Shanghai "YYYY-MM-DD HH:mm") and `extras.retryAt` (ISO) saying when
 * to try again. Right codes do not count.
 */
export const WRONG_CODES_PER_HOUR = 10;
export const couponExchangeBodySchema = z.object({ code: z.string().trim().min(4).max(32) });
export const couponExchangeResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('coupon'), coupon: couponSchema }),
  /** The code was another user's referral code: the caller is now their referee. */
  z.object({ kind: z.literal('referral'), referrerNickName: z.string() }),
]);

export const priceQuoteSchema = z.object({
  packageId: z.number().int(),
  couponId: z.number().int().nullable(),
  originalFen: z.number().int().min(0),
  discountFen: z.number().int().min(0),
  payFen: z.number().int().min(0),
  /** Gold a local payment would cost. */
  goldCost: z.number().int().min(0),
});
export type PriceQuote = z.infer<typeof priceQuoteSchema>;
export const calculatePriceBodySchema = z.object({ packageId: id, couponId: id.optional() });
export const applyCouponBodySchema = z.object({ packageId: id });
export const applyCouponResultSchema = z.object({
  /** The caller's usable coupons for this package's picker, best first; unusable ones with the reason id. */
  items: z.array(
    z.object({
      coupon: couponSchema,
      usable: z.boolean(),
      /** Error id when not usable: coupon_threshold_not_met, coupon_wrong_package, … */
      reason: z.string().nullable(),
      quote: priceQuoteSchema.nullable(),
    }),
  ),
  best: priceQuoteSchema,
});

// ---- Referral codes ----

export const referralCodeSchema = z.object({
  code: z.string(),
  createTime: z.string(),
  /** People bound to the code. */
  usedCount: z.number().int(),
  /** Gold the owner gets once per referee, at the referee's first paid order. */
  rewardGold: z.number().int(),
  /** Gold earned so far. */
  rewardedGold: z.number().int(),
});
export const referralUseSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  avatar: z.string().nullable(),
  bindTime: z.string(),
  /** Time of the first paid order (null before). */
  rewardTime: z.string().nullable(),
  rewardGold: z.number().int(),
});
export const referralListBodySchema = z.object({ ...pageFields });
export const referralListResultSchema = pagedSchema(referralUseSchema).extend({
  code: referralCodeSchema.nullable(),
});
export const dropdownItemSchema = z.object({ label: z.string(), value: z.string() });
export const referralBindBodySchema = z.object({ code: z.string().trim().min(4).max(16) });

// ---- Welfare and ambassadors ----

export const AMBASSADOR_STATES = ['pending', 'approved', 'rejected'] as const;
export const ambassadorStateSchema = z.enum(AMBASSADOR_STATES);

export const ambassadorTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Steps shown on the task card. */
  steps: z.array(z.string()),
  rewardGold: z.number().int().min(0),
  rewardVipDays: z.number().int().min(0),
});
export const ambassadorSubmissionSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  userId: z.number().int(),
  /** Screenshot links (private files: signed, valid 600 s). */
  screenshots: z.array(z.string()),
  link: z.string().nullable(),
  note: z.string().nullable(),
  state: ambassadorStateSchema,
  reviewNote: z.string().nullable(),
  reviewTime: z.string().nullable(),
  /** none (not approved), claimable, claimed. */
  rewardState: z.enum(['none', 'claimable', 'claimed']),
  rewardTime: z.string().nullable(),
  createTime: z.string(),
});
export const ambassadorApplicationSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  platform: z.string(),
  accountName: z.string(),
  followers: z.number().int(),
  contact: z.string(),
  reason: z.string(),
  state: ambassadorStateSchema,
  reviewNote: z.string().nullable(),
  reviewTime: z.string().nullable(),
  createTime: z.string(),
});
export const ambassadorInfoSchema = z.object({
  /** null before applying. */
  application: ambassadorApplicationSchema.nullable(),
  tasks: z.array(z.object({ task: ambassadorTaskSchema, submission: ambassadorSubmissionSchema.nullable() })),
});
export const ambassadorApplyBodySchema = z.object({
  /** Where the user posts: 小红书, 抖音, 视频号, 微博, B站 … */
  platform: z.string().trim().min(1).max(32),
  accountName: z.string().trim().min(1).max(64),
  followers: z.number().int().min(0).max(1_000_000_000),
  /** Phone or WeChat id. */
  contact: z.string().trim().min(3).max(64),
  reason: z.string().trim().max(500).default(''),
});
export const ambassadorScreenshotBodySchema = z.object({
  taskId: id,
  /** Ids of images uploaded first through /api/sysFileInfo/uploadAttachments (checked by content there). */
  fileIds: z.array(id).min(1).max(5),
  /** Where the user posted: an http(s) address (`link_invalid` otherwise; the console opens it). */
  link: z.string().trim().max(500).refine(isHttpLink, 'link_invalid').optional(),
  note: z.string().trim().max(500).optional(),
});
export const ambassadorResultQuerySchema = z.object({ taskId: coercedId.optional() });
export const ambassadorClaimBodySchema = z.object({ submissionId: id });
export const ambassadorClaimResultSchema = z.object({
  submission: ambassadorSubmissionSchema,
  gold: z.number().int(),
  vipDays: z.number().int(),
  /** false when it had been claimed before (nothing granted this time). */
  granted: z.boolean(),
});
export const ambassadorReviewBodySchema = z.object({
  id,
  approve: z.boolean(),
  note: z.string().trim().max(200).optional(),
});
export const ambassadorAdminPageBodySchema = z.object({
  ...pageFields,
  state: ambassadorStateSchema.optional(),
});

export const welfareSchema = z.object({
  /** VIP benefits (app_vip_nav items of kind benefit). */
  benefits: z.array(z.object({ title: z.string(), description: z.string(), icon: z.string().nullable() })),
  /** Coupons advertised (app_coupon dictionary). */
  coupons: z.array(
    z.object({
      title: z.string(),
      code: z.string(),
      type: z.number().int(),
      description: z.string(),
      /** The caller already holds as many of this coupon as one user may (always false for a visitor). */
      claimed: z.boolean(),
    }),
  ),
  tasks: z.array(ambassadorTaskSchema),
  /** Referral reward per referee, in gold. */
  referralRewardGold: z.number().int(),
  /** Ordered rule lines of the page. */
  rules: z.array(z.string()),
});

export const commerceEndpoints = {
  goldPackagePage: defineEndpoint({
    method: 'POST',
    path: '/api/sysGoldPackage/page',
    auth: 'public',
    tag: 'commerce',
    summary: 'Packages paged, sorted by orderNo (filters: status (default 1), obtainMethod, os, packageType)',
    body: goldPackagePageBodySchema,
    result: pagedSchema(goldPackageSchema),
  }),
  goldPackageList: defineEndpoint({
    method: 'GET',
    path: '/api/sysGoldPackage/list',
    auth: 'public',
    tag: 'commerce',
    summary: 'Packages sorted by orderNo (the app asks os=android)',
    query: goldPackageListQuerySchema,
    result: z.array(goldPackageSchema),
  }),
  goldPackageDetail: defineEndpoint({
    method: 'GET',
    path: '/api/sysGoldPackage/detail',
    auth: 'public',
    tag: 'commerce',
    summary: 'One package (on sale) for the package detail page',
    query: z.object({ id: coercedId }),
    result: goldPackageSchema,
  }),
  buyGoldPackage: defineEndpoint({
    method: 'POST',
    path: '/api/sysPay/buyGoldPackage',
    auth: 'user',
    tag: 'commerce',
    summary:
      'Creates an order priced on the server; local (0) pays from gold at once, offline (1) waits for an operator, WeChat/Alipay answer payParams',
    body: buyGoldPackageBodySchema,
    result: orderSchema,
  }),
  orderDetail: defineEndpoint({
    method: 'GET',
    path: '/api/sysOrder/detail',
    auth: 'user',
    tag: 'commerce',
    summary: 'One of my orders by id or orderNo (poll it after paying)',
    query: orderIdQuerySchema,
    result: orderSchema,
  }),
  orderCancel: defineEndpoint({
    method: 'POST',
    path: '/api/sysOrder/cancel',
    auth: 'user',
    tag: 'commerce',
    summary: 'Cancels my pending order (its coupon becomes usable again)',
    body: orderIdBodySchema,
    result: orderSchema,
  }),
  orderOfflinePay: defineEndpoint({
    method: 'GET',
    path: '/api/sysOrder/offlinePay',
    auth: 'user',
    tag: 'commerce',
    summary: 'My offline order: the payee, account, QR picture and service link to transfer to, and my screenshot',
    query: z.object({ id: coercedId }),
    result: offlinePayOrderSchema,
  }),
  orderTransferProof: defineEndpoint({
    method: 'POST',
    path: '/api/sysOrder/transferProof',
    auth: 'user',
    tag: 'commerce',
    summary: 'Attaches (or replaces) the transfer screenshot of my pending offline order',
    body: transferProofBodySchema,
    result: offlinePayOrderSchema,
  }),
  orderConfirmOffline: defineEndpoint({
    method: 'POST',
    path: '/api/sysOrder/confirmOffline',
    auth: 'admin',
    tag: 'commerce',
    summary: 'Operator: confirms the transfer of a pending offline order (grants it once)',
    body: orderAdminBodySchema,
    result: orderSchema,
  }),
  orderRefund: defineEndpoint({
    method: 'POST',
    path: '/api/sysOrder/refund',
    auth: 'admin',
    tag: 'commerce',
    summary:
      'Operator: marks a paid order refunded and reverses its grants where possible (gold back for local payments; a shortfall of spent gold only when accepted)',
    body: orderRefundBodySchema,
    result: orderSchema,
  }),
  orderAdminPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysOrder/adminPage',
    auth: 'admin',
    tag: 'commerce',
    summary: 'Operator: every order, newest first (filter state)',
    body: orderPageBodySchema,
    result: pagedSchema(orderSchema.extend({ userId: z.number().int() })),
  }),
  goldPackageOrderPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysGoldPackageOrder/page',
    auth: 'user',
    tag: 'commerce',
    summary: 'My orders, newest first (filter state)',
    body: orderPageBodySchema,
    result: pagedSchema(orderSchema),
  }),
  todayFreeNumber: defineEndpoint({
    method: 'GET',
    path: '/api/sysGoldPackageOrder/todayFreeNumber',
    auth: 'user',
    tag: 'commerce',
    summary: 'Free packages (obtainMethod 2) I may still claim today (Asia/Shanghai)',
    result: todayFreeNumberSchema,
  }),
  goldPackageBillPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysGoldPackageBill/page',
    auth: 'user',
    tag: 'commerce',
    summary: 'My gold/points ledger rows, newest first (filters currency, month YYYY-MM Asia/Shanghai)',
    body: billPageBodySchema,
    result: keysetPagedSchema(billSchema),
  }),
  goldPackageBillCalendar: defineEndpoint({
    method: 'GET',
    path: '/api/sysGoldPackageBill/calendar',
    auth: 'user',
    tag: 'commerce',
    summary: "Each Asia/Shanghai day's income, expense and total of a month",
    query: billCalendarQuerySchema,
    result: billCalendarSchema,
  }),
  goldPackageBillDetail: defineEndpoint({
    method: 'GET',
    path: '/api/sysGoldPackageBill/detail',
    auth: 'user',
    tag: 'commerce',
    summary: 'One of my ledger rows with its order (consumption record detail)',
    query: z.object({ id: coercedId }),
    result: billDetailSchema,
  }),
  couponPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysCoupon/page',
    auth: 'user',
    tag: 'commerce',
    summary: 'My coupons: usable (incl. reserved), used or expired (by the clock)',
    body: couponPageBodySchema,
    result: pagedSchema(couponSchema),
  }),
  couponExchange: defineEndpoint({
    method: 'POST',
    path: '/api/sysCoupon/exchange',
    auth: 'user',
    tag: 'commerce',
    summary: "Redeems a coupon code (stock, per-user limit), or binds another user's referral code",
    body: couponExchangeBodySchema,
    result: couponExchangeResultSchema,
  }),
  applyCoupon: defineEndpoint({
    method: 'POST',
    path: '/api/sysCoupon/ApplyCoupon',
    auth: 'user',
    tag: 'commerce',
    summary: 'The coupon picker of a package: my usable coupons with the price each gives, and the best',
    body: applyCouponBodySchema,
    result: applyCouponResultSchema,
  }),
  calculateDiscountedPrice: defineEndpoint({
    method: 'POST',
    path: '/api/sysCoupon/calculateDiscountedPrice',
    auth: 'user',
    tag: 'commerce',
    summary: 'Price of a package with one of my coupons (400 with the reason when it does not apply)',
    body: calculatePriceBodySchema,
    result: priceQuoteSchema,
  }),
  generateCouponCode: defineEndpoint({
    method: 'POST',
    path: '/api/sysUserCouponCode/generateCouponCode',
    auth: 'user',
    tag: 'commerce',
    summary: 'My referral code (created once, then always the same)',
    result: referralCodeSchema,
  }),
  userCouponCodeList: defineEndpoint({
    method: 'POST',
    path: '/api/sysUserCouponCode/list',
    auth: 'user',
    tag: 'commerce',
    summary: 'My referral code and the people who used it, newest first',
    body: referralListBodySchema,
    result: referralListResultSchema,
  }),
  userCouponCodeDropdown: defineEndpoint({
    method: 'GET',
    path: '/api/sysUserCouponCode/dropdown',
    auth: 'user',
    tag: 'commerce',
    summary: 'Referral codes I can enter on an order (the one I am bound to), as label/value',
    result: z.array(dropdownItemSchema),
  }),
  userCouponCodeBind: defineEndpoint({
    method: 'POST',
    path: '/api/sysUserCouponCode/bind',
    auth: 'user',
    tag: 'commerce',
    summary: "Binds me to another user's referral code (once; not my own)",
    body: referralBindBodySchema,
    result: z.object({ code: z.string(), referrerNickName: z.string() }),
  }),
  welfareInfo: defineEndpoint({
    method: 'GET',
    path: '/api/sysWelfare/info',
    auth: 'public',
    tag: 'commerce',
    summary: 'Big-benefits page: VIP benefits, advertised coupons, ambassador tasks, rules',
    result: welfareSchema,
  }),
  ambassadorInfo: defineEndpoint({
    method: 'GET',
    path: '/api/sysAmbassador/info',
    auth: 'user',
    tag: 'commerce',
    summary: 'My ambassador application and each task with my latest submission',
    result: ambassadorInfoSchema,
  }),
  ambassadorApply: defineEndpoint({
    method: 'POST',
    path: '/api/sysAmbassador/apply',
    auth: 'user',
    tag: 'commerce',
    summary: 'Applies to be a seeding ambassador (again only after a rejection)',
    body: ambassadorApplyBodySchema,
    result: ambassadorApplicationSchema,
  }),
  ambassadorScreenshot: defineEndpoint({
    method: 'POST',
    path: '/api/sysAmbassador/screenshot',
    auth: 'user',
    tag: 'commerce',
    summary: 'Submits screenshots (uploaded image file ids) for a task; approved ambassadors only',
    body: ambassadorScreenshotBodySchema,
    result: ambassadorSubmissionSchema,
  }),
  ambassadorResult: defineEndpoint({
    method: 'GET',
    path: '/api/sysAmbassador/result',
    auth: 'user',
    tag: 'commerce',
    summary: 'My submissions (of one task), newest first, with review and reward state',
    query: ambassadorResultQuerySchema,
    result: z.array(ambassadorSubmissionSchema),
  }),
  ambassadorClaimReward: defineEndpoint({
    method: 'POST',
    path: '/api/sysAmbassador/claimReward',
    auth: 'user',
    tag: 'commerce',
    summary: 'Claims the reward of an approved submission (granted once; later calls answer granted false)',
    body: ambassadorClaimBodySchema,
    result: ambassadorClaimResultSchema,
  }),
  ambassadorAdminApplications: defineEndpoint({
    method: 'POST',
    path: '/api/sysAmbassador/admin/applications',
    auth: 'admin',
    tag: 'commerce',
    summary: 'Operator: ambassador applications (filter state)',
    body: ambassadorAdminPageBodySchema,
    result: pagedSchema(ambassadorApplicationSchema),
  }),
  ambassadorAdminReviewApplication: defineEndpoint({
    method: 'POST',
    path: '/api/sysAmbassador/admin/reviewApplication',
    auth: 'admin',
    tag: 'commerce',
    summary: 'Operator: approves or rejects a pending application',
    body: ambassadorReviewBodySchema,
    result: ambassadorApplicationSchema,
  }),
  ambassadorAdminSubmissions: defineEndpoint({
    method: 'POST',
    path: '/api/sysAmbassador/admin/submissions',
    auth: 'admin',
    tag: 'commerce',
    summary: 'Operator: screenshot submissions (filter state)',
    body: ambassadorAdminPageBodySchema,
    result: pagedSchema(ambassadorSubmissionSchema),
  }),
  ambassadorAdminReviewSubmission: defineEndpoint({
    method: 'POST',
    path: '/api/sysAmbassador/admin/reviewSubmission',
    auth: 'admin',
    tag: 'commerce',
    summary: 'Operator: approves (reward becomes claimable) or rejects a pending submission',
    body: ambassadorReviewBodySchema,
    result: ambassadorSubmissionSchema,
  }),
};
