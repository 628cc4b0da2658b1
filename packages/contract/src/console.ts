import { z } from 'zod';
import { pagedSchema } from './envelope.js';
import { defineEndpoint } from './registry.js';
import { orderSchema, orderStateSchema, payMethodSchema, couponTypeSchema, PACKAGE_OS } from './commerce.js';
import { acceptShortfallSchema, ambassadorStateSchema, refundPreviewSchema } from './commerce.js';
import { offlinePaySettingsBodySchema, offlinePaySettingsSchema } from './commerce.js';
import {
  mallItemAdminSchema,
  mallItemInputSchema,
  mallItemUpdateSchema,
  prizeAdminSchema,
  prizeInputSchema,
  prizeUpdateSchema,
  feedbackSchema,
  feedbackStatuses,
  feedbackTypes,
} from './activity.js';
import { reviewRecordSchema } from './moderation.js';
import { reportStatuses, reportTargetTypes, articleStatusSchema, authorSummarySchema } from './plaza.js';
import {
  dictNameSchema,
  dictItemAdminSchema,
  dictItemInputSchema,
  dictItemUpdateSchema,
  dictChangeResultSchema,
  jsonValueSchema,
} from './dictionary.js';
import { sensitiveCategorySchema, sensitiveWordSchema } from './censor.js';
import { commonInfoSchema } from './common-info.js';
import { templateFieldSchema } from './chat.js';
import { jobStateSchema } from './hub-events.js';
import { realNameStatusSchema } from './real-name.js';
import { passwordSchema } from './validators.js';

/**
 * The operator console (app `apps/admin`). Every endpoint is under `/api/console/`, has
 * `auth: 'admin'` (the role is read from the user's row with the session check; any other caller gets 403
 * `forbidden`) and, when it changes something, writes an audit row (who, when, what, before and after) in
 * the same transaction as the change. Operators log in with the ordinary `/api/sysAuth/login` and then read
 * `consoleMe`.
 *
 * Tables: `POST …/page` with a body `{ page, pageSize, sortField?, sortOrder, filters }`; sorting and
 * filtering happen in SQL. `sortField` is one of the table's listed fields (anything else is a 400).
 *
 * Reasons: every reject, take-down, ban, grant, refund and delete needs `reason` (1–200 characters). Review
 * outcomes reach the user in the message centre and live over the hub.
 *
 * Error ids: `forbidden` (403), `validation_failed` (400), `console_not_found` (404: the row is gone),
 * `console_not_pending` (409: someone already handled it), `console_insufficient_balance` (409: a negative
 * grant would take the balance below 0), `console_not_refundable` (409), `console_protected_user` (409:
 * operators and the robot / service accounts cannot be banned), `console_page_too_deep` (400: a page past
 * `CONSOLE_OFFSET_CAP` rows asked without a cursor), `console_keyword_too_short` (400: a nickname fragment
 * shorter than `CONSOLE_NICKNAME_MIN` that is no whole id, phone or account), and the ids of the owning modules.
 */

// ---- Shared shapes ----

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const coercedId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const consoleReasonSchema = z.string().trim().min(1).max(200);
const keyword = z.string().trim().max(100);
/** ISO instant or `YYYY-MM-DD` (start of that Asia/Shanghai day). */
const instant = z
  .string()
  .trim()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'date_invalid');
const imageUrl = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(\/(static|uploads|files)\/|https:\/\/)/, 'image_url_invalid');

export const SORT_ORDERS = ['asc', 'desc'] as const;

/**
 * The paged-query body of every console table: page, page size, one sort field of the table's own list and
 * the table's filters (all optional).
 */
export const consolePageQuery = <S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortFields: S,
  filters: F,
) =>
  z.object({
    page: z.number().int().min(1).max(100000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
    sortField: z.enum(sortFields).optional(),
    sortOrder: z.enum(SORT_ORDERS).default('desc'),
    filters: z.object(filters).default({} as never),
  });
export type ConsolePageQuery = z.infer<ReturnType<typeof consolePageQuery>>;

/**
 * Keyset paging of the big console tables (orders, audit log, users), sorted by `createTime`: `cursor` is
 * the previous answer's `nextCursor`, and the page then starts right after that row (no OFFSET walk, no
 * duplicates or gaps while rows arrive). `page` still tells the answer which page it is; without a cursor
 * the page is cut by offset, refused past `CONSOLE_OFFSET_CAP` rows (`console_page_too_deep`).
 */
export const consoleCursorSchema = z
  .string()
  .trim()
  .regex(/^\d{1,16}$/, 'validation_failed');
export const CONSOLE_OFFSET_CAP = 10_000;
/** A page of a keyset table: `total` is exact up to `CONSOLE_COUNT_CAP`, an estimate beyond (`totalExact` false). */
export const consoleTablePageSchema = <T extends z.ZodType>(item: T) =>
  pagedSchema(item).extend({
    /** The cursor of the next page (sorted by createTime), or null on the last page or for other sorts. */
    nextCursor: z.string().nullable(),
    totalExact: z.boolean(),
  });
export const CONSOLE_COUNT_CAP = 10_000;

const idBody = z.object({ id });
const rejectBody = z.object({ id, reason: consoleReasonSchema });
const approveBody = z.object({ id, reason: z.string().trim().max(200).optional() });
export const consoleOkSchema = z.object({ id: z.number().int() });
const userRefSchema = z.object({ id: z.number().int(), nickName: z.string(), avatar: z.string() });

// ---- Session ----

export const consoleMeSchema = z.object({
  userId: z.number().int(),
  account: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
});

// ---- Dashboard ----

export const dashboardDaySchema = z.object({
  /** Asia/Shanghai calendar day `YYYY-MM-DD`. */
  date: z.string(),
  newUsers: z.number().int(),
  activeUsers: z.number().int(),
  pageViews: z.number().int(),
  paidOrders: z.number().int(),
  revenueFen: z.number().int(),
  /** Gold of paid orders; the daily free gold is apart, in goldDailyFree. */
  goldSold: z.number().int(),
  /** Gold handed out as 每日赠送 (free packages claimed). */
  goldDailyFree: z.number().int(),
  goldSpent: z.number().int(),
  chatQuestions: z.number().int(),
  checkIns: z.number().int(),
});
export const dashboardSchema = z.object({
  today: dashboardDaySchema,
  /** The last 30 days, oldest first, today included; days without data are zeros. */
  days: z.array(dashboardDaySchema),
  /** Paid orders of the last 30 days by pay method. */
  revenueByPayMethod: z.array(
    z.object({ payMethod: z.number().int(), orders: z.number().int(), revenueFen: z.number().int() }),
  ),
  /** AI jobs of the last 30 days by type and state; average seconds from start to finish of finished ones. */
  jobs: z.array(
    z.object({
      type: z.string(),
      state: jobStateSchema,
      count: z.number().int(),
      avgSeconds: z.number().nullable(),
    }),
  ),
});

export const CONSOLE_QUEUES = [
  'realName',
  'ambassadorApplication',
  'ambassadorSubmission',
  'report',
  'offlinePayment',
  'mallShipping',
  'feedback',
  'contentReview',
] as const;
export const consoleQueueSchema = z.enum(CONSOLE_QUEUES);
export const queueSummarySchema = z.object({
  queue: consoleQueueSchema,
  waiting: z.number().int().min(0),
  /** When the oldest waiting item arrived (null when nothing waits). */
  oldestTime: z.string().nullable(),
  /** Seconds the oldest has waited (0 when nothing waits). */
  oldestWaitSeconds: z.number().int().min(0),
});

// ---- Review queues ----

export const consoleRealNameItemSchema = z.object({
  id: z.number().int(),
  user: userRefSchema,
  /** Masked phone. */
  phone: z.string().nullable(),
  realName: z.string(),
  /** Masked: first 3 and last 4 characters; `consoleRealNameReveal` answers it whole (audited). */
  idCardNum: z.string(),
  /** Signed links (valid 600 s) to the photos, front then back. */
  idCardImageUrls: z.array(z.string()),
  status: realNameStatusSchema,
  rejectReason: z.string().nullable(),
  submitTime: z.string(),
  reviewTime: z.string().nullable(),
});
export const consoleRealNamePageSchema = consolePageQuery(['submitTime', 'reviewTime'], {
  /** Default: every status. */
  status: realNameStatusSchema.optional(),
  /** Real name, nickname or user id. */
  keyword: keyword.optional(),
});

export const consoleAmbassadorApplicationSchema = z.object({
  id: z.number().int(),
  user: userRefSchema,
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
export const consoleAmbassadorSubmissionSchema = z.object({
  id: z.number().int(),
  user: userRefSchema,
  taskId: z.number().int(),
  taskTitle: z.string(),
  rewardGold: z.number().int(),
  rewardVipDays: z.number().int(),
  /** Signed links (valid 600 s) to the screenshots. */
  screenshots: z.array(z.string()),
  link: z.string().nullable(),
  note: z.string().nullable(),
  state: ambassadorStateSchema,
  reviewNote: z.string().nullable(),
  reviewTime: z.string().nullable(),
  rewardState: z.enum(['none', 'claimable', 'claimed']),
  createTime: z.string(),
});
export const consoleAmbassadorPageSchema = consolePageQuery(['createTime', 'reviewTime'], {
  state: ambassadorStateSchema.optional(),
  userId: id.optional(),
});

export const consoleReportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(reportTargetTypes),
  targetId: z.number().int(),
  /** Who wrote the reported article or comment, or the reported user. Null when gone. */
  targetUser: userRefSchema.nullable(),
  /** Title, comment text or nickname at list time; null when gone. */
  targetText: z.string().nullable(),
  /** Article status when the target is an article. */
  targetStatus: articleStatusSchema.nullable(),
  reason: z.string(),
  detail: z.string().nullable(),
  status: z.enum(reportStatuses),
  reporter: authorSummarySchema,
  /** How the operator resolved it. */
  resolution: z.string().nullable(),
  handleTime: z.string().nullable(),
  createTime: z.string(),
});
export const consoleReportPageSchema = consolePageQuery(['createTime'], {
  status: z.enum(reportStatuses).optional(),
  targetType: z.enum(reportTargetTypes).optional(),
});
/**
 * `take_down` the reported article (or delete the reported comment), `dismiss` (status rejected), `warn` the
 * author (a message-centre notice), `ban` the author (`banDays`, null = until unbanned). Every other pending
 * report of the same target is resolved with it.
 */
export const REPORT_ACTIONS = ['take_down', 'dismiss', 'warn', 'ban'] as const;
export const consoleReportResolveBodySchema = z.object({
  id,
  action: z.enum(REPORT_ACTIONS),
  reason: consoleReasonSchema,
  banDays: z.number().int().min(1).max(3650).nullable().optional(),
});

export const consoleOrderSchema = orderSchema.extend({
  user: userRefSchema,
  remark: z.string().nullable(),
  /** An offline order's transfer screenshot the user sent (signed link valid 600 s), null when none. */
  transferProofUrl: z.string().nullable(),
  transferProofTime: z.string().nullable(),
});
export const consoleOrderPageSchema = consolePageQuery(['createTime', 'payTime', 'amountFen'], {
  /** Order number contains. */
  orderNo: z.string().trim().max(64).optional(),
  userId: id.optional(),
  state: orderStateSchema.optional(),
  payMethod: payMethodSchema.optional(),
  from: instant.optional(),
  to: instant.optional(),
}).extend({ cursor: consoleCursorSchema.optional() });
export const consoleOfflineConfirmBodySchema = z.object({
  id,
  remark: z.string().trim().max(200).optional(),
});

export const consoleShippingSchema = z.object({
  /** Exchange record id. */
  id: z.number().int(),
  user: userRefSchema,
  itemId: z.number().int(),
  itemName: z.string(),
  image: z.string(),
  points: z.number().int(),
  status: z.enum(['shipping', 'shipped']),
  courier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  shipTime: z.string().nullable(),
  createTime: z.string(),
});
export const consoleShippingPageSchema = consolePageQuery(['createTime', 'shipTime'], {
  /** Default: every physical exchange. */
  status: z.enum(['shipping', 'shipped']).optional(),
  userId: id.optional(),
});
export const consoleShipBodySchema = z.object({
  id,
  courier: z.string().trim().min(1).max(32),
  trackingNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'tracking_no_invalid'),
});

export const consoleFeedbackPageSchema = consolePageQuery(['createTime', 'handleTime'], {
  status: z.enum(feedbackStatuses).optional(),
  type: z.enum(feedbackTypes).optional(),
  keyword: keyword.optional(),
});
export const consoleFeedbackReplyBodySchema = z.object({ id, reply: z.string().trim().min(1).max(1000) });

// ---- Content ----

/** Articles, posts, drawings, dubbings and videos as plaza works (category ids of ArticleCategory and later). */
export const consoleContentSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  author: userRefSchema,
  status: articleStatusSchema,
  pinned: z.boolean(),
  takedownReason: z.string().nullable(),
  /** Why it waits (or waited) for review, with the pictures' scores and the text read in them (先审后发). */
  review: reviewRecordSchema.nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  reportCount: z.number().int(),
  createTime: z.string(),
  publishTime: z.string().nullable(),
});
export const consoleContentPageSchema = consolePageQuery(['createTime', 'publishTime', 'likeCount'], {
  categoryId: z.number().int().min(1).optional(),
  status: articleStatusSchema.optional(),
  authorId: id.optional(),
  /** Title or text contains. */
  keyword: keyword.optional(),
  pinned: z.boolean().optional(),
});
export const consoleContentPinBodySchema = z.object({ id, pinned: z.boolean() });
export const consoleCommentSchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  articleTitle: z.string(),
  user: userRefSchema,
  content: z.string(),
  deleted: z.boolean(),
  createTime: z.string(),
});
export const consoleCommentPageSchema = consolePageQuery(['createTime'], {
  articleId: id.optional(),
  userId: id.optional(),
  keyword: keyword.optional(),
});

// ---- Users ----

export const consoleUserSchema = z.object({
  id: z.number().int(),
  account: z.string().nullable(),
  nickName: z.string(),
  avatar: z.string(),
  /** Masked phone. */
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  banned: z.boolean(),
  banUntil: z.string().nullable(),
  vipExpire: z.string().nullable(),
  gold: z.number().int(),
  points: z.number().int(),
  realNameStatus: realNameStatusSchema,
  createTime: z.string(),
  lastActiveTime: z.string().nullable(),
});
/** The shortest nickname fragment searched (fewer characters match only a whole id, phone or account). */
export const CONSOLE_NICKNAME_MIN = 2;
export const consoleUserPageSchema = consolePageQuery(['createTime', 'id'], {
  /**
   * A user id, a phone or an account (whole: answered by the unique index when one matches), else a
   * nickname fragment (contains) of at least `CONSOLE_NICKNAME_MIN` characters (`console_keyword_too_short`).
   */
  keyword: keyword.optional(),
  banned: z.boolean().optional(),
  role: z.string().trim().max(32).optional(),
}).extend({ cursor: consoleCursorSchema.optional() });
export const consoleUserDetailSchema = consoleUserSchema.extend({
  introduction: z.string(),
  banReason: z.string().nullable(),
  realName: z.object({ realName: z.string(), idCardNum: z.string(), submitTime: z.string() }).nullable(),
  orderCount: z.number().int(),
  paidFen: z.number().int(),
  articleCount: z.number().int(),
});
export const LEDGER_ASSETS = ['gold', 'points'] as const;
export const consoleLedgerSchema = z.object({
  id: z.number().int(),
  asset: z.enum(LEDGER_ASSETS),
  /** Signed change. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.string(),
  createTime: z.string(),
});
export const consoleUserLedgerPageSchema = consolePageQuery(['createTime'], {
  userId: id,
  asset: z.enum(LEDGER_ASSETS).optional(),
});
export const consoleUserOrdersPageSchema = consolePageQuery(['createTime'], { userId: id });
export const consoleSessionSchema = z.object({
  id: z.string(),
  client: z.string().nullable(),
  ip: z.string().nullable(),
  createTime: z.string(),
  lastSeenTime: z.string().nullable(),
  active: z.boolean(),
});
export const consoleUserIdQuerySchema = z.object({ userId: coercedId });
export const consoleBanBodySchema = z.object({
  userId: id,
  reason: consoleReasonSchema,
  /** null = until unbanned. */
  days: z.number().int().min(1).max(3650).nullable().default(null),
});
export const consoleUnbanBodySchema = z.object({ userId: id, reason: consoleReasonSchema });
export const GRANT_KINDS = ['vip_days', 'gold', 'points'] as const;
export const consoleGrantBodySchema = z.object({
  userId: id,
  kind: z.enum(GRANT_KINDS),
  /** Negative takes away (never below 0; VIP days shorten the expiry). */
  amount: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((v) => v !== 0, 'amount_zero'),
  reason: consoleReasonSchema,
});
export const consoleResetPasswordBodySchema = z.object({
  userId: id,
  password: passwordSchema,
  reason: consoleReasonSchema,
});

// ---- Commerce and activities ----

export const consolePackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  packageType: z.string(),
  description: z.string(),
  priceFen: z.number().int(),
  originalPriceFen: z.number().int().nullable(),
  gold: z.number().int(),
  vipDays: z.number().int(),
  vipLevel: z.number().int(),
  tags: z.array(z.string()),
  status: z.number().int(),
  obtainMethod: z.number().int(),
  orderNo: z.number().int(),
  os: z.enum(PACKAGE_OS),
  soldCount: z.number().int(),
});
export const consolePackageInputSchema = z.object({
  name: z.string().trim().min(1).max(50),
  packageType: z.string().trim().min(1).max(32),
  description: z.string().trim().max(500).default(''),
  priceFen: z.number().int().min(0).max(100_000_000),
  originalPriceFen: z.number().int().min(0).max(100_000_000).nullable().default(null),
  gold: z.number().int().min(0).max(100_000_000).default(0),
  vipDays: z.number().int().min(0).max(36500).default(0),
  vipLevel: z.number().int().min(0).max(10).default(0),
  tags: z.array(z.string().trim().min(1).max(10)).max(5).default([]),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  obtainMethod: z.union([z.literal(1), z.literal(2)]).default(1),
  orderNo: z.number().int().min(0).max(100000).default(0),
  os: z.enum(PACKAGE_OS).default('all'),
});
export const consolePackageUpdateSchema = consolePackageInputSchema.partial().extend({ id });
export const consolePackagePageSchema = consolePageQuery(['orderNo', 'priceFen', 'id'], {
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  packageType: z.string().trim().max(32).optional(),
});

export const consoleCouponBatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: couponTypeSchema,
  value: z.number().int(),
  threshold: z.number().int(),
  packageId: z.number().int().nullable(),
  validFrom: z.string(),
  validUntil: z.string(),
  codeCount: z.number().int(),
  redeemedCount: z.number().int(),
  usedCount: z.number().int(),
  createTime: z.string(),
});
export const consoleCouponBatchInputSchema = z.object({
  name: z.string().trim().min(1).max(50),
  description: z.string().trim().max(200).default(''),
  type: couponTypeSchema,
  value: z.number().int().min(0).max(100_000_000),
  threshold: z.number().int().min(0).max(100_000_000).default(0),
  packageId: id.nullable().default(null),
  validFrom: instant,
  validUntil: instant,
  /** Redeem codes to generate (each once). */
  codeCount: z.number().int().min(1).max(10000),
});
export const consoleCouponBatchPageSchema = consolePageQuery(['createTime'], { keyword: keyword.optional() });
export const consoleCouponCodeSchema = z.object({
  code: z.string(),
  /** Who redeemed it (null while unused). */
  user: userRefSchema.nullable(),
  redeemTime: z.string().nullable(),
  /** State of the coupon it became. */
  couponState: z.enum(['unredeemed', 'usable', 'reserved', 'used', 'expired']),
  orderId: z.number().int().nullable(),
});
export const consoleCouponCodePageSchema = consolePageQuery(['redeemTime'], {
  batchId: id,
  redeemed: z.boolean().optional(),
});
/** `acceptShortfall`: see orderRefundBodySchema (the refund dialog shows the preview's shortfall first). */
export const consoleRefundBodySchema = z.object({
  id,
  reason: consoleReasonSchema,
  acceptShortfall: acceptShortfallSchema,
});

export const consoleMallItemPageSchema = consolePageQuery(['sort', 'points', 'stock', 'id'], {
  kind: z.enum(['gold', 'vip', 'coupon', 'physical']).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  keyword: keyword.optional(),
});
export const consoleCheckInRulesSchema = z.object({
  /** Points for day 1, 2, … of a streak; the last entry repeats after the list ends. */
  pointsPerStreakDay: z.array(z.number().int().min(0).max(100000)).min(1).max(31),
  rules: z.array(z.string().trim().min(1).max(200)).max(20),
});

// ---- Configuration ----

export const consoleDictPageSchema = consolePageQuery(['sort', 'id'], {
  name: dictNameSchema.optional(),
  keyword: keyword.optional(),
});
export const consoleAppConfigSchema = z.object({
  /** The app_config items as key → value. */
  values: z.record(z.string(), jsonValueSchema),
  version: z.number().int(),
});
export const consoleAppConfigUpdateBodySchema = z.object({
  /** Keys of EDITABLE_APP_CONFIG_KEYS; each value checked against appConfigSchema. */
  values: z.record(z.string().max(64), jsonValueSchema),
});

export const consoleSensitiveWordPageSchema = consolePageQuery(['word', 'updateTime'], {
  category: sensitiveCategorySchema.optional(),
  keyword: keyword.optional(),
});
const word = z.string().trim().min(2).max(50);
export const consoleSensitiveAddBodySchema = z.object({
  words: z.array(word).min(1).max(100),
  category: sensitiveCategorySchema.nullable().default(null),
});
export const consoleSensitiveRemoveBodySchema = z.object({ ids: z.array(id).min(1).max(500) });
export const consoleSensitiveImportBodySchema = z.object({
  /** One word per line; blank lines and lines starting with # are skipped. */
  text: z.string().max(500_000),
  category: sensitiveCategorySchema.nullable().default(null),
});
export const consoleSensitiveImportResultSchema = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  invalid: z.array(z.string()).max(100),
});

export const consolePromptTemplateSchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  /** The instruction sent to the model; `{name}` placeholders take the fields' values. */
  prompt: z.string(),
  fields: z.array(templateFieldSchema),
  example: z.string(),
  sort: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
  useCount: z.number().int(),
});
export const consolePromptTemplateInputSchema = z.object({
  categoryId: id,
  title: z.string().trim().min(1).max(50),
  description: z.string().trim().max(200).default(''),
  icon: imageUrl.nullable().default(null),
  prompt: z.string().trim().min(1).max(4000),
  fields: z.array(templateFieldSchema).max(20).default([]),
  example: z.string().max(4000).default(''),
  sort: z.number().int().min(0).max(100000).default(0),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});
export const consolePromptTemplateUpdateSchema = consolePromptTemplateInputSchema.partial().extend({ id });
export const consolePromptTemplatePageSchema = consolePageQuery(['sort', 'useCount', 'id'], {
  categoryId: id.optional(),
  keyword: keyword.optional(),
});

export const consoleCommonInfoPageSchema = consolePageQuery(['sort', 'createTime'], {
  /** CommonInfoCategory: 1 banner, 2 notice, 3 help FAQ, 4 wallpaper. */
  categoryId: z.number().int().min(1).max(4).optional(),
  keyword: keyword.optional(),
});
export const consoleCommonInfoInputSchema = z.object({
  categoryId: z.number().int().min(1).max(4),
  title: z.string().trim().min(1).max(100),
  content: z.string().max(20000).default(''),
  cover: imageUrl.nullable().default(null),
  link: z.string().trim().max(500).nullable().default(null),
  sort: z.number().int().min(0).max(100000).default(0),
});
export const consoleCommonInfoUpdateSchema = consoleCommonInfoInputSchema.partial().extend({ id });

/** The robot (999) and customer-service (10086) accounts as the app shows them. */
export const consoleProfileSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  avatar: z.string(),
  introduction: z.string(),
});
export const consoleProfileUpdateBodySchema = z.object({
  userId: z.union([z.literal(999), z.literal(10086)]),
  nickName: z.string().trim().min(1).max(20).optional(),
  avatar: imageUrl.optional(),
  introduction: z.string().trim().max(100).optional(),
});

// ---- Audit log ----

export const auditEntrySchema = z.object({
  id: z.number().int(),
  operator: userRefSchema,
  /** What was done, e.g. `real_name.approve`, `user.ban`, `order.refund`. */
  action: z.string(),
  /** What it was done to: `user`, `article`, `order`, … and its id. */
  targetType: z.string(),
  targetId: z.string().nullable(),
  /**
   * What the console calls the target, read for the page's rows: a work's or drawing's title, a comment's text, a
   * user's nickname, else the title or name its before/after values hold; null when none is known.
   */
  targetName: z.string().nullable(),
  before: jsonValueSchema,
  after: jsonValueSchema,
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createTime: z.string(),
});
export const consoleAuditPageSchema = consolePageQuery(['createTime'], {
  operatorId: id.optional(),
  /** Exact action or a prefix ending with `.` (e.g. `user.`). */
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(32).optional(),
  targetId: z.string().trim().max(64).optional(),
  from: instant.optional(),
  to: instant.optional(),
}).extend({ cursor: consoleCursorSchema.optional() });

// ---- Endpoints ----

const admin = { auth: 'admin', tag: 'console' } as const;
const table = <S extends z.ZodType, I extends z.ZodType>(path: string, summary: string, body: S, item: I) =>
  defineEndpoint({ ...admin, method: 'POST', path, summary, body, result: pagedSchema(item) });
/** A big table paged by keyset (`cursor` / `nextCursor`) with an estimated total. */
const keysetTable = <S extends z.ZodType, I extends z.ZodType>(
  path: string,
  summary: string,
  body: S,
  item: I,
) => defineEndpoint({ ...admin, method: 'POST', path, summary, body, result: consoleTablePageSchema(item) });

export const consoleEndpoints = {
  consoleMe: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/me',
    summary: 'The operator: account, nickname and roles (403 for anyone else)',
    result: consoleMeSchema,
  }),

  // Dashboard and queues
  consoleDashboard: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/dashboard',
    summary: 'Today and the last 30 days, from daily rollups (today at most a minute old)',
    result: dashboardSchema,
  }),
  consoleQueues: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/queues',
    summary: 'Every review queue: how many wait and since when the oldest waits',
    result: z.array(queueSummarySchema),
  }),

  // Real-name
  consoleRealNamePage: table(
    '/api/console/real-name/page',
    'Real-name submissions (ID numbers masked, photos by signed links)',
    consoleRealNamePageSchema,
    consoleRealNameItemSchema,
  ),
  consoleRealNameReveal: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/real-name/reveal',
    summary: 'The whole ID number of one submission; the reveal is written to the audit log',
    body: idBody,
    result: z.object({ id: z.number().int(), idCardNum: z.string() }),
  }),
  consoleRealNameApprove: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/real-name/approve',
    summary: 'Approves a pending submission; the user is told in the message centre and live',
    body: approveBody,
    result: consoleRealNameItemSchema,
  }),
  consoleRealNameReject: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/real-name/reject',
    summary: 'Rejects a pending submission with a reason the user reads',
    body: rejectBody,
    result: consoleRealNameItemSchema,
  }),

  // Ambassadors
  consoleAmbassadorApplicationPage: table(
    '/api/console/ambassador/applications/page',
    'Ambassador applications',
    consoleAmbassadorPageSchema,
    consoleAmbassadorApplicationSchema,
  ),
  consoleAmbassadorApplicationApprove: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/ambassador/applications/approve',
    summary: 'Approves a pending application; the user is told',
    body: approveBody,
    result: consoleAmbassadorApplicationSchema,
  }),
  consoleAmbassadorApplicationReject: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/ambassador/applications/reject',
    summary: 'Rejects a pending application with a reason; the user is told',
    body: rejectBody,
    result: consoleAmbassadorApplicationSchema,
  }),
  consoleAmbassadorSubmissionPage: table(
    '/api/console/ambassador/submissions/page',
    'Ambassador reward screenshots',
    consoleAmbassadorPageSchema,
    consoleAmbassadorSubmissionSchema,
  ),
  consoleAmbassadorSubmissionApprove: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/ambassador/submissions/approve',
    summary: 'Approves a reward screenshot: the reward becomes claimable; the user is told',
    body: approveBody,
    result: consoleAmbassadorSubmissionSchema,
  }),
  consoleAmbassadorSubmissionReject: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/ambassador/submissions/reject',
    summary: 'Rejects a reward screenshot with a reason; the user is told',
    body: rejectBody,
    result: consoleAmbassadorSubmissionSchema,
  }),

  // Reports
  consoleReportPage: table(
    '/api/console/reports/page',
    'Reports with what they point at',
    consoleReportPageSchema,
    consoleReportSchema,
  ),
  consoleReportResolve: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/reports/resolve',
    summary: 'Takes the content down, dismisses, warns or bans the author; the reporter is told',
    body: consoleReportResolveBodySchema,
    result: consoleReportSchema,
  }),

  // Offline payments and orders
  consoleOrderPage: keysetTable(
    '/api/console/orders/page',
    'Orders (offline payments waiting: state pending, payMethod 1)',
    consoleOrderPageSchema,
    consoleOrderSchema,
  ),
  consoleOrderDetail: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/orders/{id}',
    summary: 'One order with its user',
    params: z.object({ id: coercedId }),
    result: consoleOrderSchema,
  }),
  consoleOfflineConfirm: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/orders/confirm-offline',
    summary: 'Confirms an offline transfer: the order is paid and its package granted; the user is told',
    body: consoleOfflineConfirmBodySchema,
    result: consoleOrderSchema,
  }),
  consoleOfflineReject: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/orders/reject-offline',
    summary: 'Cancels a pending offline order whose transfer never arrived, with a reason the user reads',
    body: rejectBody,
    result: consoleOrderSchema,
  }),
  consoleOfflinePaySettings: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/offline-pay',
    summary: 'Offline payment: payee, bank and account, QR picture, service link and instructions users see',
    result: offlinePaySettingsSchema,
  }),
  consoleOfflinePayUpdate: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/offline-pay',
    summary: 'Changes the offline payment settings (audited as offline_pay.update)',
    body: offlinePaySettingsBodySchema,
    result: offlinePaySettingsSchema,
  }),
  consoleOrderRefundPreview: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/orders/{id}/refund-preview',
    summary: 'What refunding a paid order would do now: gold to take back, the balance, the shortfall',
    params: z.object({ id: coercedId }),
    result: refundPreviewSchema,
  }),
  consoleOrderRefund: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/orders/refund',
    summary: 'Refunds a paid order (ledger rows; spent gold only with the shortfall accepted) with a reason',
    body: consoleRefundBodySchema,
    result: consoleOrderSchema,
  }),

  // Mall shipping
  consoleShippingPage: table(
    '/api/console/mall/shipping/page',
    'Physical mall exchanges to ship and shipped',
    consoleShippingPageSchema,
    consoleShippingSchema,
  ),
  consoleShip: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/mall/shipping/ship',
    summary: 'Records courier and tracking number; the user sees them in the exchange record',
    body: consoleShipBodySchema,
    result: consoleShippingSchema,
  }),

  // Feedback
  consoleFeedbackPage: table(
    '/api/console/feedback/page',
    'Feedback',
    consoleFeedbackPageSchema,
    feedbackSchema,
  ),
  consoleFeedbackReply: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/feedback/reply',
    summary: 'Replies to feedback (marks it handled); the reply reaches the user',
    body: consoleFeedbackReplyBodySchema,
    result: feedbackSchema,
  }),

  // Content
  consoleContentPage: table(
    '/api/console/content/page',
    'Plaza works of every kind, any status',
    consoleContentPageSchema,
    consoleContentSchema,
  ),
  consoleContentTakeDown: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/content/take-down',
    summary: 'Takes a published work down with a reason the author reads',
    body: rejectBody,
    result: consoleContentSchema,
  }),
  consoleContentRestore: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/content/restore',
    summary: 'Publishes a taken-down work again',
    body: approveBody,
    result: consoleContentSchema,
  }),
  consoleContentApprove: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/content/review/approve',
    summary: 'Publishes a work waiting for review (先审后发); the author is told',
    body: approveBody,
    result: consoleContentSchema,
  }),
  consoleContentReject: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/content/review/reject',
    summary: 'Refuses a work waiting for review with a reason the author reads',
    body: rejectBody,
    result: consoleContentSchema,
  }),
  consoleContentPin: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/content/pin',
    summary: 'Pins a work to the top of the plaza or unpins it',
    body: consoleContentPinBodySchema,
    result: consoleContentSchema,
  }),
  consoleCommentPage: table(
    '/api/console/comments/page',
    'Comments',
    consoleCommentPageSchema,
    consoleCommentSchema,
  ),
  consoleCommentDelete: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/comments/delete',
    summary: 'Deletes a comment with a reason its writer reads',
    body: rejectBody,
    result: consoleCommentSchema,
  }),

  // Users
  consoleUserPage: keysetTable(
    '/api/console/users/page',
    'Users by id, phone or nickname',
    consoleUserPageSchema,
    consoleUserSchema,
  ),
  consoleUserDetail: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/users/detail',
    summary: 'One user with balances, real-name state and totals',
    query: consoleUserIdQuerySchema,
    result: consoleUserDetailSchema,
  }),
  consoleUserOrders: table(
    '/api/console/users/orders',
    'A user’s orders',
    consoleUserOrdersPageSchema,
    consoleOrderSchema,
  ),
  consoleUserLedger: table(
    '/api/console/users/ledger',
    'A user’s gold and points ledger',
    consoleUserLedgerPageSchema,
    consoleLedgerSchema,
  ),
  consoleUserSessions: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/users/sessions',
    summary: 'A user’s sessions, newest first (at most 50)',
    query: consoleUserIdQuerySchema,
    result: z.array(consoleSessionSchema),
  }),
  consoleUserBan: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/users/ban',
    summary: 'Bans a user: every session ends and the app is forced offline over the hub',
    body: consoleBanBodySchema,
    result: consoleUserSchema,
  }),
  consoleUserUnban: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/users/unban',
    summary: 'Lifts a ban',
    body: consoleUnbanBodySchema,
    result: consoleUserSchema,
  }),
  consoleUserGrant: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/users/grant',
    summary: 'Grants (or takes back) VIP days, gold or points with a reason (a ledger row)',
    body: consoleGrantBodySchema,
    result: consoleUserSchema,
  }),
  consoleUserResetPassword: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/users/reset-password',
    summary: 'Sets a new password and ends the user’s sessions',
    body: consoleResetPasswordBodySchema,
    result: consoleOkSchema,
  }),

  // Packages
  consolePackagePage: table(
    '/api/console/packages/page',
    'Packages',
    consolePackagePageSchema,
    consolePackageSchema,
  ),
  consolePackageAdd: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/packages/add',
    summary: 'Adds a package',
    body: consolePackageInputSchema,
    result: consolePackageSchema,
  }),
  consolePackageUpdate: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/packages/update',
    summary: 'Changes a package (price, days, status, order …)',
    body: consolePackageUpdateSchema,
    result: consolePackageSchema,
  }),

  // Coupons
  consoleCouponBatchPage: table(
    '/api/console/coupons/batches/page',
    'Coupon batches with code and usage counts',
    consoleCouponBatchPageSchema,
    consoleCouponBatchSchema,
  ),
  consoleCouponBatchAdd: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/coupons/batches/add',
    summary: 'Creates a coupon batch and its redeem codes',
    body: consoleCouponBatchInputSchema,
    result: consoleCouponBatchSchema,
  }),
  consoleCouponCodePage: table(
    '/api/console/coupons/codes/page',
    'Codes of a batch and who used them',
    consoleCouponCodePageSchema,
    consoleCouponCodeSchema,
  ),

  // Prizes
  consolePrizeList: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/prizes',
    summary: 'Lucky-wheel prizes by slot',
    result: z.array(prizeAdminSchema),
  }),
  consolePrizeAdd: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/prizes/add',
    summary: 'Adds a prize',
    body: prizeInputSchema,
    result: prizeAdminSchema,
  }),
  consolePrizeUpdate: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/prizes/update',
    summary: 'Changes a prize (weight, stock, image …)',
    body: prizeUpdateSchema,
    result: prizeAdminSchema,
  }),
  consolePrizeDelete: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/prizes/delete',
    summary: 'Removes a prize',
    body: idBody,
    result: consoleOkSchema,
  }),

  // Mall items
  consoleMallItemPage: table(
    '/api/console/mall/items/page',
    'Points-mall items',
    consoleMallItemPageSchema,
    mallItemAdminSchema,
  ),
  consoleMallItemAdd: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/mall/items/add',
    summary: 'Adds a mall item',
    body: mallItemInputSchema,
    result: mallItemAdminSchema,
  }),
  consoleMallItemUpdate: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/mall/items/update',
    summary: 'Changes a mall item (points, stock, image …)',
    body: mallItemUpdateSchema,
    result: mallItemAdminSchema,
  }),
  consoleMallItemDelete: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/mall/items/delete',
    summary: 'Removes a mall item',
    body: idBody,
    result: consoleOkSchema,
  }),

  // Check-in rules
  consoleCheckInRules: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/check-in/rules',
    summary: 'Check-in points per streak day and rule texts',
    result: consoleCheckInRulesSchema,
  }),
  consoleCheckInRulesUpdate: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/check-in/rules',
    summary: 'Changes the check-in rules (the dictionary version rises)',
    body: consoleCheckInRulesSchema,
    result: consoleCheckInRulesSchema,
  }),

  // Dictionaries and app_config
  consoleDictPage: table(
    '/api/console/dict/page',
    'Dictionary items',
    consoleDictPageSchema,
    dictItemAdminSchema,
  ),
  consoleDictAdd: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/dict/add',
    summary: 'Adds a dictionary item (the dictionary version rises)',
    body: dictItemInputSchema,
    result: dictChangeResultSchema,
  }),
  consoleDictUpdate: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/dict/update',
    summary: 'Changes a dictionary item (the dictionary version rises)',
    body: dictItemUpdateSchema,
    result: dictChangeResultSchema,
  }),
  consoleDictDelete: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/dict/delete',
    summary: 'Removes a dictionary item (the dictionary version rises)',
    body: idBody,
    result: dictChangeResultSchema,
  }),
  consoleAppConfig: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/app-config',
    summary: 'app_config values and version',
    result: consoleAppConfigSchema,
  }),
  consoleAppConfigUpdate: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/app-config',
    summary: 'Changes app_config values; the version rises so apps refetch',
    body: consoleAppConfigUpdateBodySchema,
    result: consoleAppConfigSchema,
  }),

  // Sensitive words
  consoleSensitiveWordPage: table(
    '/api/console/sensitive-words/page',
    'Sensitive words',
    consoleSensitiveWordPageSchema,
    sensitiveWordSchema,
  ),
  consoleSensitiveWordAdd: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/sensitive-words/add',
    summary: 'Adds words (existing ones are skipped)',
    body: consoleSensitiveAddBodySchema,
    result: consoleSensitiveImportResultSchema,
  }),
  consoleSensitiveWordRemove: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/sensitive-words/remove',
    summary: 'Removes words',
    body: consoleSensitiveRemoveBodySchema,
    result: z.object({ removed: z.number().int() }),
  }),
  consoleSensitiveWordImport: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/sensitive-words/import',
    summary: 'Imports a list, one word per line',
    body: consoleSensitiveImportBodySchema,
    result: consoleSensitiveImportResultSchema,
  }),

  // Prompt templates
  consolePromptTemplatePage: table(
    '/api/console/prompt-templates/page',
    'Prompt templates with their prompts',
    consolePromptTemplatePageSchema,
    consolePromptTemplateSchema,
  ),
  consolePromptTemplateAdd: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/prompt-templates/add',
    summary: 'Adds a prompt template',
    body: consolePromptTemplateInputSchema,
    result: consolePromptTemplateSchema,
  }),
  consolePromptTemplateUpdate: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/prompt-templates/update',
    summary: 'Changes a prompt template',
    body: consolePromptTemplateUpdateSchema,
    result: consolePromptTemplateSchema,
  }),

  // Common info
  consoleCommonInfoPage: table(
    '/api/console/common-info/page',
    'Banners, notices, help FAQ and wallpapers',
    consoleCommonInfoPageSchema,
    commonInfoSchema,
  ),
  consoleCommonInfoAdd: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/common-info/add',
    summary: 'Adds a banner, notice or help entry',
    body: consoleCommonInfoInputSchema,
    result: commonInfoSchema,
  }),
  consoleCommonInfoUpdate: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/common-info/update',
    summary: 'Changes a banner, notice or help entry',
    body: consoleCommonInfoUpdateSchema,
    result: commonInfoSchema,
  }),
  consoleCommonInfoDelete: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/common-info/delete',
    summary: 'Removes a banner, notice or help entry',
    body: idBody,
    result: consoleOkSchema,
  }),

  // Robot and customer-service profiles
  consoleProfiles: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/console/profiles',
    summary: 'The robot and customer-service accounts',
    result: z.array(consoleProfileSchema),
  }),
  consoleProfileUpdate: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/console/profiles/update',
    summary: 'Changes the robot’s or customer service’s name, avatar or introduction',
    body: consoleProfileUpdateBodySchema,
    result: consoleProfileSchema,
  }),

  // Audit log
  consoleAuditPage: keysetTable(
    '/api/console/audit/page',
    'The audit log (read only)',
    consoleAuditPageSchema,
    auditEntrySchema,
  ),
};
