import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './envelope.js';
import { imMessageSchema } from './im-message.js';
import { defineEndpoint } from './registry.js';

/**
 * Activities and help centre: daily check-in, points mall, lucky wheel, food vote, feedback and
 * customer service. Rules (points per streak day, wheel cost and daily limit, texts) come from the
 * `app_activity_rule` dictionary (items `checkIn`, `luckyWheel`, `exchange`, `vote`); operators edit them with
 * `/api/sysDictData/update`, which validates them against `dictDataSchemas.app_activity_rule`.
 *
 * "Today" is always the Asia/Shanghai calendar day (`YYYY-MM-DD`). Points and gold move only through the
 * ledger, in the same transaction as the business row; no balance goes negative and no stock is oversold.
 *
 * Reports (`/set/help/report`) use `POST /api/sysReport/add` of the plaza contract. The customer-service
 * history is `POST /api/sysIMMessage/page` with `peerId: 10086`; replies arrive live as the hub event
 * `ReceiveMessage` (type `service`) and stay in the message centre.
 *
 * Error ids: `checkin_*` none (a second check-in answers `alreadyCheckedIn: true`);
 * `mall_item_not_found` (404), `mall_out_of_stock` (409), `mall_limit_reached` (409), `insufficient_points`
 * (409); `draw_limit_reached` (409), `draw_unavailable` (409, no prizes configured); `vote_option_not_found`
 * (404), `already_voted_today` (409); `feedback_image_invalid` (400); `service_user_not_found` (404);
 * operators: `prize_slot_taken` (409), `prize_none_required` (409: the wheel keeps one no-prize slot),
 * `prize_amount_required` (400), `mall_amount_required` (400).
 */

const monthString = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
/** An image: our static assets (`/static/…`), our uploads (`/uploads/…`, `/files/public/…`) or https. */
const imageUrl = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(\/(static|uploads|files)\/|https:\/\/)/, 'image_url_invalid');
const name = z.string().trim().min(1).max(50);
const shortText = z.string().trim().max(500);

// ---- Daily check-in ----

export const checkInDaySchema = z.object({
  /** `YYYY-MM-DD` (Asia/Shanghai). */
  date: z.string(),
  checkedIn: z.boolean(),
  /** Points gained that day (null when not checked in). */
  points: z.number().int().nullable(),
  /** Day of the streak that check-in was (null when not checked in). */
  streak: z.number().int().nullable(),
});
export type CheckInDay = z.infer<typeof checkInDaySchema>;

export const checkInResultSchema = z.object({
  /** True when the user had already checked in today: nothing new was credited, the rest is today's result. */
  alreadyCheckedIn: z.boolean(),
  /** Today (`YYYY-MM-DD`, Asia/Shanghai). */
  date: z.string(),
  /** Points today's check-in gave. */
  pointsGained: z.number().int().min(0),
  /** Day of the streak today is (1 after a missed day). */
  streak: z.number().int().min(1),
  /** Points balance now. */
  points: z.number().int().min(0),
  /** What checking in tomorrow would give if the streak continues. */
  tomorrowPoints: z.number().int().min(0),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

export const checkInDetailQuerySchema = z.object({
  /** `YYYY-MM` of the calendar; default the current Shanghai month. */
  month: monthString.optional(),
});

export const checkInDetailSchema = z.object({
  today: z.string(),
  checkedInToday: z.boolean(),
  /** Current streak: today's if checked in, else yesterday's (still alive), else 0. */
  streak: z.number().int().min(0),
  /** Points a check-in gives now (today's if already done). */
  todayPoints: z.number().int().min(0),
  tomorrowPoints: z.number().int().min(0),
  /** Points balance. */
  points: z.number().int().min(0),
  /** Shown month `YYYY-MM` and every day of it. */
  month: z.string(),
  days: z.array(checkInDaySchema),
  /** Check-ins in the shown month. */
  monthCount: z.number().int().min(0),
  /** Points for day 1, 2, … of a streak; the last repeats. */
  pointsPerStreakDay: z.array(z.number().int()),
  /** Rule lines to show (Chinese). */
  rules: z.array(z.string()),
});
export type CheckInDetail = z.infer<typeof checkInDetailSchema>;

export const checkInRecordSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  streak: z.number().int(),
  points: z.number().int(),
  createTime: z.string(),
});
export type CheckInRecord = z.infer<typeof checkInRecordSchema>;

// ---- Points mall ----

/**
 * What an item gives: `gold` (amount gold credited), `vip` (amount days of membership), `coupon`
 * (a coupon record, amount = value in fen), `physical` (shipped by operators).
 */
export const mallItemKinds = ['gold', 'vip', 'coupon', 'physical'] as const;
export const mallItemKindSchema = z.enum(mallItemKinds);

export const mallItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  kind: mallItemKindSchema,
  amount: z.number().int(),
  /** Points per exchange. */
  points: z.number().int(),
  /** Left in stock. */
  stock: z.number().int(),
  /** Exchanged so far (all users). */
  exchanged: z.number().int(),
  /** Exchanges allowed per user (0 = no limit). */
  limitPerUser: z.number().int(),
  /** The caller's exchanges of this item (0 for guests). */
  myExchanged: z.number().int(),
});
export type MallItem = z.infer<typeof mallItemSchema>;

export const mallPageResultSchema = pagedSchema(mallItemSchema).extend({
  /** The caller's points balance (null for guests). */
  myPoints: z.number().int().nullable(),
  rules: z.array(z.string()),
});

export const mallExchangeBodySchema = z.object({ itemId: z.number().int().positive() });

/** `done` virtual goods credited at once; `shipping` physical goods waiting for an operator. */
export const exchangeStatuses = ['done', 'shipping', 'shipped'] as const;
export const exchangeRecordSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  name: z.string(),
  image: z.string(),
  kind: mallItemKindSchema,
  amount: z.number().int(),
  points: z.number().int(),
  status: z.enum(exchangeStatuses),
  /** Physical goods once shipped: the courier and tracking number the operator entered (null before). */
  courier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  shipTime: z.string().nullable(),
  createTime: z.string(),
});
export type ExchangeRecord = z.infer<typeof exchangeRecordSchema>;

export const mallExchangeResultSchema = z.object({
  record: exchangeRecordSchema,
  /** Points balance after the exchange. */
  points: z.number().int().min(0),
  /** Stock left of the item. */
  stock: z.number().int().min(0),
});

export const mallItemAdminSchema = mallItemSchema.omit({ myExchanged: true }).extend({
  status: z.union([z.literal(0), z.literal(1)]),
  sort: z.number().int(),
});
export const mallItemInputSchema = z
  .object({
    name,
    description: shortText.default(''),
    image: imageUrl,
    kind: mallItemKindSchema,
    amount: z.number().int().min(0).max(10_000_000).default(0),
    points: z.number().int().min(1).max(10_000_000),
    stock: z.number().int().min(0).max(10_000_000),
    limitPerUser: z.number().int().min(0).max(1000).default(0),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
    sort: z.number().int().min(0).max(100000).default(0),
  })
  .refine((v) => v.kind === 'physical' || v.amount > 0, {
    message: 'mall_amount_required',
    path: ['amount'],
  });
export const mallItemUpdateSchema = z.object({
  id: z.number().int().positive(),
  name: name.optional(),
  description: shortText.optional(),
  image: imageUrl.optional(),
  kind: mallItemKindSchema.optional(),
  amount: z.number().int().min(0).max(10_000_000).optional(),
  points: z.number().int().min(1).max(10_000_000).optional(),
  stock: z.number().int().min(0).max(10_000_000).optional(),
  limitPerUser: z.number().int().min(0).max(1000).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  sort: z.number().int().min(0).max(100000).optional(),
});
const idBody = z.object({ id: z.number().int().positive() });

// ---- Lucky wheel ----

/**
 * `none` (the no-prize slot, "谢谢参与"), `points` / `gold` (amount credited through the ledger),
 * `vip` (amount days), `coupon` (amount fen) and `item` (a physical prize) recorded for the user.
 */
export const prizeKinds = ['none', 'points', 'gold', 'vip', 'coupon', 'item'] as const;
export const prizeKindSchema = z.enum(prizeKinds);
/** The wheel has at most this many slots, numbered 0… clockwise from the top. */
export const WHEEL_MAX_SLOTS = 12;

export const prizeSchema = z.object({
  id: z.number().int(),
  /** Position on the wheel (0 at the top, clockwise); the animation stops on `startDraw`'s slot. */
  slot: z.number().int().min(0),
  name: z.string(),
  image: z.string(),
  kind: prizeKindSchema,
  amount: z.number().int(),
});
export type Prize = z.infer<typeof prizeSchema>;

export const prizeListResultSchema = z.object({
  prizes: z.array(prizeSchema),
  costPoints: z.number().int().min(0),
  dailyLimit: z.number().int().min(1),
  /** The caller's draws today (0 for guests). */
  drawsToday: z.number().int().min(0),
  remainingToday: z.number().int().min(0),
  /** Points balance (null for guests). */
  myPoints: z.number().int().nullable(),
  rules: z.array(z.string()),
});
export type PrizeListResult = z.infer<typeof prizeListResultSchema>;

export const drawResultSchema = z.object({
  recordId: z.number().int(),
  /** Where the wheel stops (same as `prize.slot`). */
  slot: z.number().int(),
  prize: prizeSchema,
  /** False when the wheel landed on the no-prize slot (including an out-of-stock prize's fallback). */
  won: z.boolean(),
  cost: z.number().int(),
  /** Points balance after the cost and any points prize. */
  points: z.number().int().min(0),
  drawsToday: z.number().int(),
  remainingToday: z.number().int().min(0),
});
export type DrawResult = z.infer<typeof drawResultSchema>;

export const myPrizeSchema = z.object({
  id: z.number().int(),
  prizeId: z.number().int(),
  name: z.string(),
  image: z.string(),
  kind: prizeKindSchema,
  amount: z.number().int(),
  cost: z.number().int(),
  createTime: z.string(),
});
export type MyPrize = z.infer<typeof myPrizeSchema>;

export const prizeAdminSchema = prizeSchema.extend({
  /** Relative odds; a prize's chance is weight / sum of the enabled prizes' weights. */
  weight: z.number().int(),
  /** Left in stock; null = unlimited. */
  stock: z.number().int().nullable(),
  awarded: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
});
export const prizeInputSchema = z
  .object({
    slot: z
      .number()
      .int()
      .min(0)
      .max(WHEEL_MAX_SLOTS - 1),
    name,
    image: imageUrl,
    kind: prizeKindSchema,
    amount: z.number().int().min(0).max(10_000_000).default(0),
    weight: z.number().int().min(0).max(1_000_000),
    stock: z.number().int().min(0).max(10_000_000).nullable().default(null),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
  })
  .refine((v) => v.kind === 'none' || v.kind === 'item' || v.amount > 0, {
    message: 'prize_amount_required',
    path: ['amount'],
  });
export const prizeUpdateSchema = z.object({
  id: z.number().int().positive(),
  slot: z
    .number()
    .int()
    .min(0)
    .max(WHEEL_MAX_SLOTS - 1)
    .optional(),
  name: name.optional(),
  image: imageUrl.optional(),
  kind: prizeKindSchema.optional(),
  amount: z.number().int().min(0).max(10_000_000).optional(),
  weight: z.number().int().min(0).max(1_000_000).optional(),
  stock: z.number().int().min(0).max(10_000_000).nullable().optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
});

// ---- Food vote ----

export const voteOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  votes: z.number().int().min(0),
  /** Share of all votes, 0–100 with one decimal. */
  percent: z.number(),
  /** 1 = most votes (ties share a rank). */
  rank: z.number().int().min(1),
});
export type VoteOption = z.infer<typeof voteOptionSchema>;

export const voteOptionsResultSchema = z.object({
  today: z.string(),
  /** The caller voted today (false for guests). */
  votedToday: z.boolean(),
  /** The option the caller voted for today. */
  myOptionId: z.number().int().nullable(),
  totalVotes: z.number().int().min(0),
  /** Options in display order (operator sort); counts are live. Poll every few seconds for live results. */
  options: z.array(voteOptionSchema),
  rules: z.array(z.string()),
});
export type VoteOptionsResult = z.infer<typeof voteOptionsResultSchema>;

export const voteBodySchema = z.object({ optionId: z.number().int().positive() });

export const voteOptionAdminSchema = voteOptionSchema.omit({ percent: true, rank: true }).extend({
  sort: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
});
export const voteOptionInputSchema = z.object({
  name,
  description: shortText.default(''),
  image: imageUrl,
  sort: z.number().int().min(0).max(100000).default(0),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});
export const voteOptionUpdateSchema = voteOptionInputSchema
  .partial()
  .extend({ id: z.number().int().positive() });

// ---- Feedback ----

export const feedbackTypes = ['bug', 'suggestion', 'content', 'account', 'payment', 'other'] as const;
export const feedbackStatuses = ['pending', 'handled'] as const;
export const FEEDBACK_MAX_IMAGES = 4;

export const feedbackAddBodySchema = z.object({
  type: z.enum(feedbackTypes),
  content: z.string().trim().min(5).max(500),
  /** Up to 4 image URLs returned by `POST /api/sysCommonInfo/UploadAttachments` (the caller's own uploads). */
  images: z.array(z.string().trim().min(1).max(2000)).max(FEEDBACK_MAX_IMAGES).default([]),
  /** Phone, e-mail or WeChat to reach the user (optional). */
  contact: z.string().trim().max(50).optional(),
});

export const feedbackSchema = z.object({
  id: z.number().int(),
  type: z.enum(feedbackTypes),
  content: z.string(),
  images: z.array(z.string()),
  contact: z.string().nullable(),
  status: z.enum(feedbackStatuses),
  /** The operator's reply (also sent to the user's message centre). */
  reply: z.string().nullable(),
  user: z.object({ id: z.number().int(), nickName: z.string(), avatar: z.string() }),
  createTime: z.string(),
  handleTime: z.string().nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackPageBodySchema = pageQuerySchema.extend({
  status: z.enum(feedbackStatuses).optional(),
  type: z.enum(feedbackTypes).optional(),
});
export const feedbackHandleBodySchema = z.object({
  id: z.number().int().positive(),
  reply: z.string().trim().min(1).max(1000).optional(),
});

// ---- Customer service ----

export const serviceSendBodySchema = z.object({ content: z.string().trim().min(1).max(1000) });

export const serviceConversationSchema = z.object({
  user: z.object({ id: z.number().int(), nickName: z.string(), avatar: z.string() }),
  lastMessage: imMessageSchema,
  /** True when the user wrote last (waiting for an operator). */
  waiting: z.boolean(),
  messageCount: z.number().int(),
});
export type ServiceConversation = z.infer<typeof serviceConversationSchema>;

export const serviceConversationsBodySchema = pageQuerySchema.extend({
  /** Only conversations whose last line is the user's. */
  waiting: z.boolean().optional(),
});
export const serviceMessagesBodySchema = pageQuerySchema.extend({ userId: z.number().int().positive() });
export const serviceReplyBodySchema = z.object({
  userId: z.number().int().positive(),
  content: z.string().trim().min(1).max(2000),
});

const ok = z.object({ id: z.number().int() });

export const activityEndpoints = {
  checkIn: defineEndpoint({
    method: 'POST',
    path: '/api/sysDailyCheckin/checkIn',
    auth: 'user',
    tag: 'activity',
    summary: "Checks in for today (Asia/Shanghai); a second call the same day answers today's result",
    result: checkInResultSchema,
  }),
  checkInDetail: defineEndpoint({
    method: 'GET',
    path: '/api/sysDailyCheckin/checkInDetail',
    auth: 'user',
    tag: 'activity',
    summary: "Streak, today's state and the month calendar of check-ins",
    query: checkInDetailQuerySchema,
    result: checkInDetailSchema,
  }),
  checkInList: defineEndpoint({
    method: 'GET',
    path: '/api/sysDailyCheckin/list',
    auth: 'user',
    tag: 'activity',
    summary: 'My check-ins, newest first',
    query: pageQuerySchema,
    result: pagedSchema(checkInRecordSchema),
  }),

  mallPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysPointsMall/page',
    auth: 'public',
    tag: 'activity',
    summary: 'Points mall items on sale (with my exchange count and points when logged in)',
    body: pageQuerySchema,
    result: mallPageResultSchema,
  }),
  mallExchange: defineEndpoint({
    method: 'POST',
    path: '/api/sysPointsMall/exchange',
    auth: 'user',
    tag: 'activity',
    summary: 'Exchanges points for one item (stock, per-user limit and points checked atomically)',
    body: mallExchangeBodySchema,
    result: mallExchangeResultSchema,
  }),
  mallMyExchanges: defineEndpoint({
    method: 'GET',
    path: '/api/sysPointsMall/myExchanges',
    auth: 'user',
    tag: 'activity',
    summary: 'My exchanged items, newest first',
    query: pageQuerySchema,
    result: pagedSchema(exchangeRecordSchema),
  }),
  mallAdminPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysPointsMall/adminPage',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: every mall item (on and off sale)',
    body: pageQuerySchema,
    result: pagedSchema(mallItemAdminSchema),
  }),
  mallAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysPointsMall/add',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: adds a mall item',
    body: mallItemInputSchema,
    result: mallItemAdminSchema,
  }),
  mallUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/sysPointsMall/update',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: changes a mall item (stock is set to the given value)',
    body: mallItemUpdateSchema,
    result: mallItemAdminSchema,
  }),
  mallDelete: defineEndpoint({
    method: 'POST',
    path: '/api/sysPointsMall/delete',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: removes a mall item from sale for good (exchange records stay)',
    body: idBody,
    result: ok,
  }),

  prizeList: defineEndpoint({
    method: 'GET',
    path: '/api/sysDrawPrize/prizeList',
    auth: 'public',
    tag: 'activity',
    summary: "Wheel slots, cost, daily limit and the caller's draws today",
    result: prizeListResultSchema,
  }),
  startDraw: defineEndpoint({
    method: 'POST',
    path: '/api/sysDrawPrize/startDraw',
    auth: 'user',
    tag: 'activity',
    summary: 'Pays the cost and draws one prize by the configured weights; the wheel stops on `slot`',
    result: drawResultSchema,
  }),
  myPrizes: defineEndpoint({
    method: 'GET',
    path: '/api/sysDrawPrize/myPrizes',
    auth: 'user',
    tag: 'activity',
    summary: 'My prizes (draws that won something), newest first',
    query: pageQuerySchema,
    result: pagedSchema(myPrizeSchema),
  }),
  prizeAdminList: defineEndpoint({
    method: 'GET',
    path: '/api/sysDrawPrize/adminList',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: every prize with weight, stock and awarded count',
    result: z.array(prizeAdminSchema),
  }),
  prizeAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysDrawPrize/add',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: adds a prize on a free slot',
    body: prizeInputSchema,
    result: prizeAdminSchema,
  }),
  prizeUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/sysDrawPrize/update',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: changes a prize (weight, stock, slot…); one enabled no-prize slot must remain',
    body: prizeUpdateSchema,
    result: prizeAdminSchema,
  }),
  prizeDelete: defineEndpoint({
    method: 'POST',
    path: '/api/sysDrawPrize/delete',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: removes a prize (not the last enabled no-prize slot)',
    body: idBody,
    result: ok,
  }),

  voteOptions: defineEndpoint({
    method: 'GET',
    path: '/api/sysFoodVote/options',
    auth: 'public',
    tag: 'activity',
    summary: 'Food vote options with pictures, live counts and whether I voted today',
    result: voteOptionsResultSchema,
  }),
  vote: defineEndpoint({
    method: 'POST',
    path: '/api/sysFoodVote/vote',
    auth: 'user',
    tag: 'activity',
    summary: 'Votes for one option (once per Asia/Shanghai day); answers the live results',
    body: voteBodySchema,
    result: voteOptionsResultSchema,
  }),
  voteAdminList: defineEndpoint({
    method: 'GET',
    path: '/api/sysFoodVote/adminList',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: every vote option with counts',
    result: z.array(voteOptionAdminSchema),
  }),
  voteOptionAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysFoodVote/add',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: adds a vote option',
    body: voteOptionInputSchema,
    result: voteOptionAdminSchema,
  }),
  voteOptionUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/sysFoodVote/update',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: changes a vote option (counts are not editable)',
    body: voteOptionUpdateSchema,
    result: voteOptionAdminSchema,
  }),
  voteOptionDelete: defineEndpoint({
    method: 'POST',
    path: '/api/sysFoodVote/delete',
    auth: 'admin',
    tag: 'activity',
    summary: 'Operators: hides a vote option for good (its votes stay recorded)',
    body: idBody,
    result: ok,
  }),

  feedbackAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysFeedback/add',
    auth: 'user',
    tag: 'help',
    summary: 'Sends feedback (type, text, up to 4 uploaded images, contact) to the operators',
    body: feedbackAddBodySchema,
    result: ok,
  }),
  feedbackMine: defineEndpoint({
    method: 'GET',
    path: '/api/sysFeedback/mine',
    auth: 'user',
    tag: 'help',
    summary: 'My feedback with its status and reply, newest first',
    query: pageQuerySchema,
    result: pagedSchema(feedbackSchema),
  }),
  feedbackPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysFeedback/page',
    auth: 'admin',
    tag: 'help',
    summary: 'Operators: feedback, newest first (filters: status, type)',
    body: feedbackPageBodySchema,
    result: pagedSchema(feedbackSchema),
  }),
  feedbackHandle: defineEndpoint({
    method: 'POST',
    path: '/api/sysFeedback/handle',
    auth: 'admin',
    tag: 'help',
    summary: "Operators: marks feedback handled; a reply goes to the user's message centre",
    body: feedbackHandleBodySchema,
    result: feedbackSchema,
  }),

  serviceSend: defineEndpoint({
    method: 'POST',
    path: '/api/sysCustomerService/send',
    auth: 'user',
    tag: 'help',
    summary: 'Sends a message to customer service (10086); history via /api/sysIMMessage/page peerId 10086',
    body: serviceSendBodySchema,
    result: imMessageSchema,
  }),
  serviceConversations: defineEndpoint({
    method: 'POST',
    path: '/api/sysCustomerService/conversations',
    auth: 'admin',
    tag: 'help',
    summary: 'Operators: customer-service conversations, latest first',
    body: serviceConversationsBodySchema,
    result: pagedSchema(serviceConversationSchema),
  }),
  serviceMessages: defineEndpoint({
    method: 'POST',
    path: '/api/sysCustomerService/messages',
    auth: 'admin',
    tag: 'help',
    summary: "Operators: one user's customer-service conversation, newest first",
    body: serviceMessagesBodySchema,
    result: pagedSchema(imMessageSchema),
  }),
  serviceReply: defineEndpoint({
    method: 'POST',
    path: '/api/sysCustomerService/reply',
    auth: 'admin',
    tag: 'help',
    summary: "Operators: replies as customer service; stored in the user's message centre and pushed live",
    body: serviceReplyBodySchema,
    result: imMessageSchema,
  }),
};
