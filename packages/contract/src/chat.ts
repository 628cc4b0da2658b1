import { z } from 'zod';
import { cursorField, keysetPagedSchema, pagedSchema } from './envelope.js';
import { ROBOT_USER_ID } from './enums.js';
import { imMessageSchema } from './im-message.js';
import { defineEndpoint } from './registry.js';

/**
 * AI copywriting: the streamed chat robot, its stop button, the daily question quota, prompt
 * templates and the generated-copy page.
 *
 * ## Streaming: `POST /api/sysMessage/sendToRobotForSSE/{id}`
 *
 * Request: `Authorization: Bearer …` (a logged-in user; guests get 401 `guest_not_allowed`),
 * `Accept: text/event-stream`, JSON body {@link chatSendBodySchema}. `fetch()` + a streaming SSE parser
 * (the browser's `EventSource` cannot POST).
 *
 * Failures found before streaming starts come back as a normal JSON envelope with its HTTP status, never
 * as a stream: 400 `validation_failed` (field messages), 401, 404 `chat_robot_not_found` /
 * `chat_conversation_not_found` / `prompt_template_not_found`, 400 `chat_content_rejected` (the question
 * failed the text censor), 429 `question_quota_exceeded` (extras: `{ limit, used, vipLink }` — show the
 * message and a button to `vipLink`, the member centre), 409 `chat_busy` (this user already has
 * {@link CHAT_MAX_RUNNING_PER_USER} answers streaming), 409 `chat_message_not_continuable` (`continueOf` names
 * an answer that is not stopped: still streaming, finished or failed). Check `content-type` to tell them apart.
 *
 * Otherwise the answer is `200 text/event-stream` (`cache-control: no-cache`, `x-accel-buffering: no`):
 *
 * ```
 * event: start
 * data: {"messageId":12,"questionId":11,"conversationId":3,"provider":"offline","model":"offline-composer"}
 *
 * event: delta
 * data: {"text":"标题："}        ← append `text` to the answer, in order; many of these
 *
 * : ping                        ← heartbeat comment every 15 s; ignore
 *
 * event: done
 * data: {"messageId":12,"text":"…whole answer…","usage":{…},"stopped":false,"provider":"offline",…}
 * ```
 *
 * or, instead of `done`, `event: error` with {@link chatErrorEventSchema} (`error` id + `message` in the
 * user's language: provider auth/quota/model/timeout/network failures, or `chat_output_rejected` when
 * the answer failed the censor). The partial text received so far stays on screen; the stored message
 * has status `error`.
 *
 * The stream always ends after `done` or `error`. When the user taps stop, call
 * `POST /api/sysMessage/stop { messageId }` (from `start`): the server aborts the provider request and
 * the open stream ends with `done` carrying `stopped: true` and the partial text. Closing the stream
 * (AbortController on the fetch) also stops generation; the partial answer is kept as `stopped`.
 *
 * ## Continuing a stopped answer (继续生成)
 *
 * Send `{ continueOf: <the stopped answer's messageId> }`: the provider receives the conversation, the partial
 * answer and a request to go on; `start` carries the same `messageId`, the deltas are only the new text (append
 * them), and `done.text` is the whole answer, stored in the same message.
 *
 * ## Quota of stopped answers
 *
 * A question uses one of the day's free questions. An answer that ends stopped (or cut off) before
 * {@link CHAT_STOPPED_FREE_CHARS} characters gives it back; continuing an answer uses no further question, unless
 * the answer had given its question back (then continuing it uses one, and gives it back the same way).
 *
 * Offline engine: when no AI provider is configured the built-in offline composer answers; `provider`
 * is `'offline'` in `start` and `done`, and the answer's last line says it was written by the built-in
 * offline engine (离线引擎). Show an "offline engine" badge whenever `provider === 'offline'`.
 */

/** The robot a question goes to by default: the only robot today (its user id is ROBOT_USER_ID). */
export const CHAT_DEFAULT_ROBOT_ID = ROBOT_USER_ID;
/** Concurrent streaming answers one user may have. */
export const CHAT_MAX_RUNNING_PER_USER = 3;
/** Longest question. */
export const CHAT_CONTENT_MAX = 4000;
/** Where the quota-exceeded message sends the user. */
export const CHAT_VIP_LINK = '/pages/index/vip/index';
/**
 * A stopped answer shorter than this (characters, spaces aside) does not use a free question; see "Quota of
 * stopped answers" above.
 */
export const CHAT_STOPPED_FREE_CHARS = 50;
/** Robot welcome history page size (spec §9). */
export const CHAT_HISTORY_PAGE_SIZE = 10;

export const chatRoleSchema = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof chatRoleSchema>;
/** streaming: being written; done; stopped: the user stopped it (partial text kept); error: failed. */
export const chatMessageStatusSchema = z.enum(['streaming', 'done', 'stopped', 'error']);
export type ChatMessageStatus = z.infer<typeof chatMessageStatusSchema>;

export const chatUsageSchema = z.object({
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  totalTokens: z.number().int().min(0),
  /** True when counted by the provider; false when estimated by the server (stopped answers, offline). */
  reported: z.boolean(),
});
export type ChatUsage = z.infer<typeof chatUsageSchema>;

/** Values the user typed into a template's fields, by field name. */
export const templateFieldValuesSchema = z.record(z.string().min(1).max(40), z.string().max(2000));

export const chatSendParamsSchema = z.object({
  id: z.coerce.number().int().positive().default(CHAT_DEFAULT_ROBOT_ID),
});

export const chatSendBodySchema = z
  .object({
    /** The question. May be empty when `templateId` is given (the template's fields say it all). */
    content: z.string().trim().max(CHAT_CONTENT_MAX).default(''),
    /** Continue this conversation (its earlier messages are sent as context); absent = a new one. */
    conversationId: z.number().int().positive().optional(),
    /** Run a prompt template (creation page) with `fields`. */
    templateId: z.number().int().positive().optional(),
    fields: templateFieldValuesSchema.optional(),
    /** Regenerate: answer this earlier question again (its text, template and fields are reused). */
    regenerateOf: z.number().int().positive().optional(),
    /** Continue this stopped answer (继续生成): the new text goes on in the same message; `content` is ignored. */
    continueOf: z.number().int().positive().optional(),
  })
  .refine(
    (b) =>
      b.content.length > 0 ||
      b.templateId !== undefined ||
      b.regenerateOf !== undefined ||
      b.continueOf !== undefined,
    {
      message: 'chat_content_required',
      path: ['content'],
    },
  );
export type ChatSendBody = z.input<typeof chatSendBodySchema>;

export const chatStartEventSchema = z.object({
  /** The assistant message being written: pass it to `/api/sysMessage/stop` and `/detail`. */
  messageId: z.number().int(),
  /** The stored question. */
  questionId: z.number().int(),
  conversationId: z.number().int(),
  /** `offline` (built-in engine) or `openai` (an OpenAI-compatible API). */
  provider: z.string(),
  model: z.string(),
});
export const chatDeltaEventSchema = z.object({ text: z.string() });
export const chatDoneEventSchema = z.object({
  messageId: z.number().int(),
  conversationId: z.number().int(),
  /** The whole answer (as stored). */
  text: z.string(),
  usage: chatUsageSchema,
  /** True when the user stopped it or the client went away; `text` is the partial answer. */
  stopped: z.boolean(),
  provider: z.string(),
  model: z.string(),
});
export const chatErrorEventSchema = z.object({
  /** Stable id, e.g. `ai_auth_failed`, `ai_quota_exhausted`, `ai_rate_limited`, `ai_model_not_found`, `ai_timeout`, `ai_network_error`, `ai_provider_error`, `chat_output_rejected`. */
  error: z.string(),
  /** What to show, in the user's language. */
  message: z.string(),
  messageId: z.number().int().optional(),
});
/** Every SSE event of the chat stream: name → data shape. */
export const chatSseEventSchemas = {
  start: chatStartEventSchema,
  delta: chatDeltaEventSchema,
  done: chatDoneEventSchema,
  error: chatErrorEventSchema,
} as const;
export type ChatStartEvent = z.infer<typeof chatStartEventSchema>;
export type ChatDeltaEvent = z.infer<typeof chatDeltaEventSchema>;
export type ChatDoneEvent = z.infer<typeof chatDoneEventSchema>;
export type ChatErrorEvent = z.infer<typeof chatErrorEventSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  robotId: z.number().int(),
  role: chatRoleSchema,
  content: z.string(),
  status: chatMessageStatusSchema,
  /** Assistant messages: who wrote it (`offline`, `openai`); null for questions. */
  provider: z.string().nullable(),
  model: z.string().nullable(),
  usage: chatUsageSchema.nullable(),
  /** Assistant messages: the question it answers. */
  replyTo: z.number().int().nullable(),
  templateId: z.number().int().nullable(),
  fields: templateFieldValuesSchema.nullable(),
  /** Error id when `status` is `error`. */
  error: z.string().nullable(),
  /** True once the user edited the generated text (`/api/sysMessage/update`). */
  edited: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessageDetailSchema = chatMessageSchema.extend({
  /** For an answer: the question's text (for a template run, the template title and fields). */
  question: z.string().nullable(),
  /** For a template run: the template's id, title and category. */
  template: z.object({ id: z.number().int(), title: z.string(), categoryId: z.number().int() }).nullable(),
});
export type ChatMessageDetail = z.infer<typeof chatMessageDetailSchema>;

export const chatStopBodySchema = z.object({ messageId: z.number().int().positive() });
export const chatStopResultSchema = z.object({
  messageId: z.number().int(),
  /** The message's status after the call (`stopped`; `done`/`error` if it had already finished). */
  status: chatMessageStatusSchema,
  /** True when a running generation was stopped by this call. */
  stopped: z.boolean(),
});

export const chatQuotaSchema = z.object({
  /** Questions asked today (Asia/Shanghai). */
  used: z.number().int().min(0),
  /** Daily limit (app config `questionNum`); null = unlimited (VIP). */
  limit: z.number().int().min(0).nullable(),
  /** Questions left today; null = unlimited (VIP). */
  remaining: z.number().int().min(0).nullable(),
  isVip: z.boolean(),
  /** Today in Asia/Shanghai, `YYYY-MM-DD`; the counter resets when it moves forward. */
  date: z.string(),
});
export type ChatQuota = z.infer<typeof chatQuotaSchema>;

export const chatMessageIdBodySchema = z.object({ messageId: z.coerce.number().int().positive() });
export const chatUpdateBodySchema = z.object({
  messageId: z.number().int().positive(),
  /** The edited copy (generated-copy page "save"). */
  content: z.string().trim().min(1).max(20000),
});

export const chatHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(CHAT_HISTORY_PAGE_SIZE),
  ...cursorField,
  /** One conversation; absent = every robot conversation of the user. */
  conversationId: z.coerce.number().int().positive().optional(),
  robotId: z.coerce.number().int().positive().default(CHAT_DEFAULT_ROBOT_ID),
});
/**
 * Robot history in the message-centre shape (`ImMessage`, type `chat`, peerId = robot), newest first:
 * `senderId` is the user for questions and the robot for answers; `data` holds
 * `{ conversationId, role, status, provider, templateId, replyTo }` — see {@link chatHistoryDataSchema}.
 */
export const chatHistoryDataSchema = z.object({
  conversationId: z.number().int(),
  role: chatRoleSchema,
  status: chatMessageStatusSchema,
  provider: z.string().nullable(),
  templateId: z.number().int().nullable(),
  replyTo: z.number().int().nullable(),
});
/** Same fields as the message centre's `imMessageSchema` (type `chat`), so its page can return these. */
/**
 * A line of the robot conversation, in the message centre's shape (so `/api/sysIMMessage/page` with peerId 999
 * returns it as is): `title` is the template title of a template run, else empty; an answer's `link` is the
 * generated-copy page `/pages/detail/copy?id=<messageId>`.
 */
export const chatHistoryItemSchema = imMessageSchema.extend({ type: z.literal('chat') });
export type ChatHistoryItem = z.infer<typeof chatHistoryItemSchema>;
export const chatHistoryResultSchema = keysetPagedSchema(chatHistoryItemSchema);

export const chatConversationSchema = z.object({
  id: z.number().int(),
  robotId: z.number().int(),
  /** The first question (shortened) or the template title. */
  title: z.string(),
  templateId: z.number().int().nullable(),
  /** The last message, shortened. */
  lastMessage: z.string(),
  messageCount: z.number().int().min(0),
  createTime: z.string(),
  updateTime: z.string(),
});
export const chatConversationPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  ...cursorField,
  robotId: z.coerce.number().int().positive().optional(),
});

// ---------------------------------------------------------------------------------------------
// Prompt templates (`/pages/index/temps/index`, `/temps/detail`, `/create/index`).

export const templateFieldSchema = z.object({
  /** Key in `fields` of the send body. */
  name: z.string(),
  label: z.string(),
  placeholder: z.string(),
  required: z.boolean(),
  maxLength: z.number().int().positive(),
  /** `text` one line, `textarea` several lines, `select` one of `options`. */
  type: z.enum(['text', 'textarea', 'select']),
  options: z.array(z.string()).optional(),
  /** What each option shows, in the reader's language (parallel to `options`, which are the values sent). */
  optionLabels: z.array(z.string()).optional(),
});
export type TemplateField = z.infer<typeof templateFieldSchema>;

export const promptTemplateCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  sort: z.number().int(),
  /** Templates in it. */
  count: z.number().int().min(0),
});
export const promptTemplateSummarySchema = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  /** How many times it was run. */
  useCount: z.number().int().min(0),
  sort: z.number().int(),
});
export const promptTemplateDetailSchema = promptTemplateSummarySchema.extend({
  categoryName: z.string(),
  fields: z.array(templateFieldSchema),
  /** An example of what the template writes, for the detail page. */
  example: z.string(),
});
export type PromptTemplateDetail = z.infer<typeof promptTemplateDetailSchema>;
export const promptTemplatePageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  categoryId: z.coerce.number().int().positive().optional(),
  /** Title or description contains. */
  keyword: z.string().trim().max(50).optional(),
});
export const promptTemplateIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

export const chatEndpoints = {
  chatSendToRobot: defineEndpoint({
    method: 'POST',
    path: '/api/sysMessage/sendToRobotForSSE/{id}',
    auth: 'user',
    tag: 'ai',
    kind: 'sse',
    summary:
      'Asks the robot (id default 999); answers text/event-stream: start, delta…, done | error (see chatSseEventSchemas). Pre-stream failures are JSON envelopes',
    params: chatSendParamsSchema,
    body: chatSendBodySchema,
    result: chatDoneEventSchema,
  }),
  chatStop: defineEndpoint({
    method: 'POST',
    path: '/api/sysMessage/stop',
    auth: 'user',
    tag: 'ai',
    summary: 'Stops a streaming answer of the caller: aborts the provider request, keeps the partial text',
    body: chatStopBodySchema,
    result: chatStopResultSchema,
  }),
  chatQuota: defineEndpoint({
    method: 'GET',
    path: '/api/sysMessage/quota',
    auth: 'user',
    tag: 'ai',
    summary: "The caller's daily question quota (Asia/Shanghai day; VIP unlimited)",
    result: chatQuotaSchema,
  }),
  chatMessageDetail: defineEndpoint({
    method: 'GET',
    path: '/api/sysMessage/detail',
    auth: 'user',
    tag: 'ai',
    summary: "One of the caller's messages (generated-copy page), with its question and template",
    query: chatMessageIdBodySchema,
    result: chatMessageDetailSchema,
  }),
  chatMessageUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/sysMessage/update',
    auth: 'user',
    tag: 'ai',
    summary: "Saves the edited text of one of the caller's finished answers",
    body: chatUpdateBodySchema,
    result: chatMessageSchema,
  }),
  chatHistory: defineEndpoint({
    method: 'GET',
    path: '/api/sysMessage/history',
    auth: 'user',
    tag: 'ai',
    summary: 'Robot conversation history, newest first (page size 10), in the message-centre item shape',
    query: chatHistoryQuerySchema,
    result: chatHistoryResultSchema,
  }),
  chatConversations: defineEndpoint({
    method: 'GET',
    path: '/api/sysMessage/conversations',
    auth: 'user',
    tag: 'ai',
    summary: "The caller's robot conversations, most recent first",
    query: chatConversationPageQuerySchema,
    result: keysetPagedSchema(chatConversationSchema),
  }),
  promptTemplateCategories: defineEndpoint({
    method: 'GET',
    path: '/api/sysPromptTemplate/categories',
    auth: 'public',
    tag: 'ai',
    summary: 'Template categories with their template counts',
    result: z.array(promptTemplateCategorySchema),
  }),
  promptTemplatePage: defineEndpoint({
    method: 'GET',
    path: '/api/sysPromptTemplate/page',
    auth: 'public',
    tag: 'ai',
    summary: 'Templates, paged (filters: category, keyword)',
    query: promptTemplatePageQuerySchema,
    result: pagedSchema(promptTemplateSummarySchema),
  }),
  promptTemplateDetail: defineEndpoint({
    method: 'GET',
    path: '/api/sysPromptTemplate/detail',
    auth: 'public',
    tag: 'ai',
    summary: 'One template with its fields (creation page)',
    query: promptTemplateIdQuerySchema,
    result: promptTemplateDetailSchema,
  }),
};

/**
 * The line the offline engine ends every answer with (a markdown quote): it belongs on the chat screen, not in
 * a post made from the answer, so the post editor drops it.
 */
export const OFFLINE_ANSWER_SIGNATURE = '> 本回答由内置离线引擎生成，未连接在线 AI 模型，仅供参考。';
