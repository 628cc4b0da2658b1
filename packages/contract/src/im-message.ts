import { z } from 'zod';
import { defineEndpoint } from './registry.js';
import { cursorField, keysetFields } from './envelope.js';

/**
 * Message centre (`/pages/index/notify/index`) and the robot / customer-service conversation history.
 *
 * One table holds both: system notices for a user (comment, like, real_name, job, service, system) and
 * conversation lines (`chat`) between the user and a peer (robot 999, customer service 10086).
 */
export const imMessageTypes = ['comment', 'like', 'real_name', 'job', 'service', 'system', 'chat'] as const;
export const imMessageTypeSchema = z.enum(imMessageTypes);
export type ImMessageType = z.infer<typeof imMessageTypeSchema>;
/** The types listed in the message centre (everything except conversation lines). */
export const imNoticeTypes: readonly ImMessageType[] = imMessageTypes.filter((t) => t !== 'chat');

export const imMessageSchema = z.object({
  id: z.number().int(),
  type: imMessageTypeSchema,
  title: z.string(),
  content: z.string(),
  /** In-app route or URL to open when the message is tapped, e.g. `/pages/index/create/index?id=3`. */
  link: z.string().nullable(),
  /** Type-specific details, e.g. `{ jobId }`, `{ articleId, commentId }`, `{ status }`. */
  data: z.record(z.string(), z.unknown()).nullable(),
  /** True once the user has read it. */
  checked: z.boolean(),
  /** Who wrote it: the user id, 999 (robot), 10086 (customer service), another user; null = the system. */
  senderId: z.number().int().nullable(),
  /** The other party of a conversation (999, 10086) or the user who caused a notice; null for system. */
  peerId: z.number().int().nullable(),
  /** ISO 8601 instant. */
  receiveTime: z.string(),
  /** Calendar date of `receiveTime` in Asia/Shanghai, `YYYY-MM-DD`. */
  date: z.string(),
});
export type ImMessage = z.infer<typeof imMessageSchema>;

const typeList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(imMessageTypeSchema).min(1).max(imMessageTypes.length),
);
const boolish = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean(),
);

/**
 * Filters (same fields in the GET query and the POST body):
 * - no `peerId`: the message centre, i.e. notices of `types` (default: every type except `chat`);
 * - `peerId`: the conversation with that peer (`999` robot chat history, `10086` customer service):
 *   `chat` lines in both directions plus the peer's `service` replies; `types` narrows it further;
 * - `checked`: only read (true) or unread (false) messages.
 * Newest first: page 1 holds the latest messages (a chat view shows them in reverse).
 */
export const imMessagePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  ...cursorField,
  types: typeList.optional(),
  peerId: z.coerce.number().int().positive().optional(),
  checked: boolish.optional(),
});
export type ImMessagePageQuery = z.input<typeof imMessagePageQuerySchema>;

export const imMessageDateGroupSchema = z.object({
  /** `YYYY-MM-DD` in Asia/Shanghai. */
  date: z.string(),
  items: z.array(imMessageSchema),
});

export const imMessagePageResultSchema = z.object({
  /** This page's messages, newest first. */
  items: z.array(imMessageSchema),
  /** The same messages grouped by Shanghai date, newest date first (a date may continue on the next page). */
  groups: z.array(imMessageDateGroupSchema),
  ...keysetFields,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Unread notices of the user (the home-page badge), whatever the filters. */
  unread: z.number().int().min(0),
});
export type ImMessagePageResult = z.infer<typeof imMessagePageResultSchema>;

/** Mark read: `ids` (the caller's own messages), or `all: true` (optionally only those with `peerId`). */
export const imMessageReadBodySchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(500).optional(),
    all: z.boolean().optional(),
    peerId: z.number().int().positive().optional(),
  })
  .refine((body) => !!body.ids !== !!body.all, { message: 'message_ids_or_all', path: ['ids'] });

export const imMessageReadResultSchema = z.object({
  /** Messages that changed from unread to read. */
  updated: z.number().int().min(0),
  unread: z.number().int().min(0),
});

export const imMessageUnreadResultSchema = z.object({
  unread: z.number().int().min(0),
  /** Unread count per notice type (types with none are 0). */
  byType: z.record(z.string(), z.number().int().min(0)),
});

export const imMessageEndpoints = {
  imMessagePage: defineEndpoint({
    method: 'POST',
    path: '/api/sysIMMessage/page',
    auth: 'user',
    tag: 'message',
    summary: 'Message centre notices or a conversation history (peerId 999 robot, 10086 service), by date',
    body: imMessagePageQuerySchema,
    result: imMessagePageResultSchema,
  }),
  imMessagePageGet: defineEndpoint({
    method: 'GET',
    path: '/api/sysIMMessage/page',
    auth: 'user',
    tag: 'message',
    summary: 'Same as POST /api/sysIMMessage/page with the filters in the query (types comma-separated)',
    query: imMessagePageQuerySchema,
    result: imMessagePageResultSchema,
  }),
  imMessageRead: defineEndpoint({
    method: 'POST',
    path: '/api/sysIMMessage/read',
    auth: 'user',
    tag: 'message',
    summary: 'Marks messages read: the given ids, or all (optionally of one peer)',
    body: imMessageReadBodySchema,
    result: imMessageReadResultSchema,
  }),
  imMessageUnreadCount: defineEndpoint({
    method: 'GET',
    path: '/api/sysIMMessage/unreadCount',
    auth: 'user',
    tag: 'message',
    summary: 'Unread message-centre notices (home-page badge), total and per type',
    result: imMessageUnreadResultSchema,
  }),
};
