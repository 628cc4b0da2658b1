import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, guestToken, sessionIdOf, tokenFor } from '../../test/tokens.js';
import { waitFor } from '../../test/wait.js';
import { startOpenAiStub, type OpenAiStub } from '../../test/openai-stub.js';
import { createChatRepository } from './chat.repository.js';
import { chatMessages } from './chat.table.js';
import { userHistory } from '../../schema.js';

interface SseResult {
  status: number;
  contentType: string;
  events: { event: string; data: Record<string, unknown> }[];
  comments: string[];
  body?: ReturnType<typeof json>;
}

/** POSTs a question and reads the answer through a real SSE parser; `onEvent` may act mid-stream. */
const ask = async (
  base: string,
  token: string,
  body: Record<string, unknown>,
  options: {
    robot?: number;
    signal?: AbortSignal;
    locale?: string;
    onEvent?: (e: EventSourceMessage) => void;
  } = {},
): Promise<SseResult> => {
  const res = await fetch(`${base}/api/sysMessage/sendToRobotForSSE/${options.robot ?? 999}`, {
    method: 'POST',
    headers: {
      ...bearer(token),
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(options.locale ? { 'accept-language': options.locale } : {}),
    },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  const contentType = res.headers.get('content-type') ?? '';
  if (!contentType.startsWith('text/event-stream')) {
    return {
      status: res.status,
      contentType,
      events: [],
      comments: [],
      body: json({ body: await res.text() }),
    };
  }
  const events: SseResult['events'] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (e) => {
      events.push({ event: e.event ?? 'message', data: JSON.parse(e.data) as Record<string, unknown> });
      options.onEvent?.(e);
    },
    onComment: (c) => comments.push(c),
  });
  const decoder = new TextDecoder();
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      parser.feed(decoder.decode(chunk, { stream: true }));
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
  return { status: res.status, contentType, events, comments };
};

const deltas = (r: SseResult) =>
  r.events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);

describe('chat robot with the offline engine', () => {
  let app: TestApp;
  let base: string;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp({ AI_TEXT_OFFLINE_DELAY_MS: 0, CHAT_HEARTBEAT_MS: 20 });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    token = await tokenFor(app, 'demo');
  });
  afterAll(() => app.close());

  it('streams start, deltas in order, then done with the whole text, labelled offline', async () => {
    const r = await ask(base, token, { content: '帮我写一段关于露营的朋友圈文案' });
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/^text\/event-stream/);
    const names = r.events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('done');
    expect(names.slice(1, -1).every((n) => n === 'delta')).toBe(true);
    const start = r.events[0]!.data;
    expect(start).toMatchObject({
      provider: 'offline',
      messageId: expect.any(Number),
      conversationId: expect.any(Number),
    });
    const done = r.events.at(-1)!.data;
    expect(done).toMatchObject({ provider: 'offline', stopped: false, messageId: start.messageId });
    expect(deltas(r).join('')).toBe(done.text);
    expect(done.text).toContain('露营');
    expect(done.text).toContain('离线引擎');

    const detail = json<{ content: string; status: string; provider: string; question: string }>(
      await app.inject({
        method: 'GET',
        url: `/api/sysMessage/detail?messageId=${start.messageId as number}`,
        headers: bearer(token),
      }),
    ).result;
    expect(detail).toMatchObject({
      content: done.text,
      status: 'done',
      provider: 'offline',
      question: '帮我写一段关于露营的朋友圈文案',
    });
  });

  it('sends heartbeat comments while streaming', async () => {
    const slow = await createTestApp({ AI_TEXT_OFFLINE_DELAY_MS: 10, CHAT_HEARTBEAT_MS: 20 });
    const url = await slow.listen({ port: 0, host: '127.0.0.1' });
    const r = await ask(url, await tokenFor(slow, 'demo'), { content: '写一条促销活动文案' });
    expect(r.comments).toContain('ping');
    await slow.close();
  }, 60000);

  it('runs a template with its fields, stores the run, lets the copy be edited, lists history', async () => {
    const page = json<{ items: { id: number; title: string; categoryId: number }[]; total: number }>(
      await app.inject({ method: 'GET', url: '/api/sysPromptTemplate/page?keyword=小红书种草' }),
    ).result;
    const template = page.items[0]!;
    expect(template.title).toBe('小红书种草文案');
    // Its uses as the (cached) category page and the detail show them.
    const uses = async () => {
      const listed = json<{ items: { id: number; useCount: number }[] }>(
        await app.inject({ method: 'GET', url: `/api/sysPromptTemplate/page?categoryId=${template.categoryId}&pageSize=100` }),
      ).result.items.find((t) => t.id === template.id)!.useCount;
      const detail = json<{ useCount: number }>(
        await app.inject({ method: 'GET', url: `/api/sysPromptTemplate/detail?id=${template.id}` }),
      ).result.useCount;
      return [listed, detail];
    };
    const before = await uses();

    const missing = await ask(base, token, { templateId: template.id, fields: { product: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body?.extras?.error).toBe('validation_failed');
    expect(missing.body?.message).toMatchObject({ 'fields.product': ['请填写种草产品'] });

    const r = await ask(base, token, {
      templateId: template.id,
      fields: { product: '无线降噪耳机', highlights: '降噪好、续航长', tone: '真诚' },
    });
    const done = r.events.at(-1)!.data;
    expect(done.text).toContain('#无线降噪耳机');
    const messageId = done.messageId as number;
    // One run counted (in the run's own transaction), the refused one not: the list and the detail say so at once.
    expect(await uses()).toEqual([before[0]! + 1, before[1]! + 1]);

    const detail = json<{
      templateId: number;
      fields: Record<string, string>;
      question: string;
      template: { title: string };
    }>(
      await app.inject({
        method: 'GET',
        url: `/api/sysMessage/detail?messageId=${messageId}`,
        headers: bearer(token),
      }),
    ).result;
    expect(detail.template.title).toBe('小红书种草文案');
    expect(detail.fields).toEqual({ product: '无线降噪耳机', highlights: '降噪好、续航长', tone: '真诚' });
    expect(detail.question).toContain('【小红书种草文案】种草产品：无线降噪耳机');

    const saved = json<{ content: string; edited: boolean }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysMessage/update',
        headers: bearer(token),
        payload: { messageId, content: '我改过的文案' },
      }),
    ).result;
    expect(saved).toMatchObject({ content: '我改过的文案', edited: true });

    const [generated] = await app.platform.db
      .select()
      .from(userHistory)
      .where(and(eq(userHistory.refType, 'copy'), eq(userHistory.refId, messageId)));
    expect(generated).toMatchObject({
      kind: 'generated',
      title: '小红书种草文案',
      link: `/pages/detail/copy?id=${messageId}`,
    });

    const other = await tokenFor(app, 'demovip');
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/sysMessage/detail?messageId=${messageId}`,
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(404);

    const history = json<{
      items: { id: number; senderId: number; peerId: number; content: string; data: { role: string } }[];
      pageSize: number;
    }>(await app.inject({ method: 'GET', url: '/api/sysMessage/history', headers: bearer(token) })).result;
    expect(history.pageSize).toBe(10);
    expect(history.items[0]).toMatchObject({
      id: messageId,
      content: '我改过的文案',
      peerId: 999,
      senderId: 999,
      data: { role: 'assistant' },
    });
    expect(history.items[1]?.data.role).toBe('user');

    // The message centre's history call answers the robot conversation from the chat tables.
    const centre = json<{
      items: { id: number; type: string }[];
      groups: { date: string }[];
      pageSize: number;
    }>(
      await app.inject({
        method: 'GET',
        url: '/api/sysIMMessage/page?peerId=999&pageSize=10',
        headers: bearer(token),
      }),
    ).result;
    expect(centre.items.map((i) => i.id)).toEqual(history.items.map((i) => i.id));
    expect(centre.items[0]!.type).toBe('chat');
    expect(centre.groups.length).toBeGreaterThan(0);

    const conversations = json<{ items: { title: string; messageCount: number }[] }>(
      await app.inject({ method: 'GET', url: '/api/sysMessage/conversations', headers: bearer(token) }),
    ).result;
    expect(conversations.items[0]).toMatchObject({ title: '小红书种草文案', messageCount: 2 });
  });

  it('continues a conversation and regenerates an answer', async () => {
    const first = await ask(base, token, { content: '给我的咖啡店起 5 个有创意的名字' });
    const conversationId = first.events[0]!.data.conversationId as number;
    const second = await ask(base, token, { content: '再来几个更文艺的', conversationId });
    expect(second.events[0]!.data.conversationId).toBe(conversationId);
    // The earlier turn went to the engine as context (the offline engine writes the follow-up on its topic).
    const again = await ask(base, token, { regenerateOf: first.events[0]!.data.messageId });
    expect(again.events[0]!.data.conversationId).toBe(conversationId);
    expect(again.events.at(-1)!.event).toBe('done');
    const unknown = await ask(base, token, { content: '你好', conversationId: 999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body?.extras?.error).toBe('chat_conversation_not_found');
  });

  it('refuses guests, empty questions, unknown robots and censored questions with JSON envelopes', async () => {
    const guest = await ask(base, await guestToken(app), { content: '你好' });
    expect(guest.status).toBe(401);
    expect(guest.body?.extras?.error).toBe('guest_not_allowed');
    const empty = await ask(base, token, { content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body?.message).toMatchObject({ content: ['请输入你的问题'] });
    const robot = await ask(base, token, { content: '你好' }, { robot: 12345 });
    expect(robot.status).toBe(404);
    expect(robot.body?.extras?.error).toBe('chat_robot_not_found');
    const bad = await ask(base, token, { content: '教我网上赌博怎么赢钱' });
    expect(bad.status).toBe(400);
    expect(bad.body?.extras?.error).toBe('chat_content_rejected');
  });

  it('lists the seeded templates by category with their fields', async () => {
    const categories = json<{ id: number; name: string; count: number }[]>(
      await app.inject({ method: 'GET', url: '/api/sysPromptTemplate/categories' }),
    ).result;
    expect(categories.map((c) => c.name)).toEqual([
      '社交媒体',
      '短视频',
      '电商营销',
      '职场办公',
      '生活祝福',
      '写作助手',
    ]);
    expect(categories.reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(30);
    const all = json<{ total: number }>(
      await app.inject({ method: 'GET', url: '/api/sysPromptTemplate/page?pageSize=100' }),
    ).result;
    expect(all.total).toBeGreaterThanOrEqual(30);
    const video = json<{ items: { id: number; categoryId: number }[] }>(
      await app.inject({ method: 'GET', url: `/api/sysPromptTemplate/page?categoryId=${categories[1]!.id}` }),
    ).result;
    expect(video.items.every((t) => t.categoryId === categories[1]!.id)).toBe(true);
    const detail = json<{
      fields: { name: string; required: boolean; maxLength: number }[];
      categoryName: string;
    }>(
      await app.inject({ method: 'GET', url: `/api/sysPromptTemplate/detail?id=${video.items[0]!.id}` }),
    ).result;
    expect(detail.categoryName).toBe('短视频');
    expect(detail.fields[0]).toMatchObject({ name: 'topic', required: true, maxLength: expect.any(Number) });
    expect(
      (await app.inject({ method: 'GET', url: '/api/sysPromptTemplate/detail?id=99999' })).statusCode,
    ).toBe(404);
  });
});

describe('chat robot relaying an OpenAI-compatible provider', () => {
  let stub: OpenAiStub;
  let app: TestApp;
  let base: string;
  let token: string;
  beforeAll(async () => {
    stub = await startOpenAiStub();
    app = await createTestApp({
      AI_TEXT_BASE_URL: stub.baseURL,
      AI_TEXT_API_KEY: 'sk-local',
      AI_TEXT_MODEL: 'local-model',
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    token = await tokenFor(app, 'demo');
  });
  afterEach(() => stub.reset());
  afterAll(async () => {
    await app.close();
    await stub.close();
  });

  const answer = async (messageId: number) =>
    (await createChatRepository(app.platform.db).message(DEFAULT_TENANT_ID, messageId))!;

  it('relays the provider tokens in order, with its usage and the robot prompt', async () => {
    const tokens = ['# 标题', '\n\n', '第一段', '：', '内容', '。'];
    stub.next({ kind: 'stream', tokens });
    const before = stub.requests.length;
    const r = await ask(base, token, { content: '写一篇短文' });
    expect(r.events[0]!.data).toMatchObject({ provider: 'openai', model: 'local-model' });
    // In order; tokens that come within a frame's gap (chat-stream.ts) go out together.
    expect(deltas(r).join('')).toBe(tokens.join(''));
    expect(r.events.at(-1)!.data).toMatchObject({
      text: tokens.join(''),
      stopped: false,
      usage: { promptTokens: 11, completionTokens: 6, totalTokens: 17, reported: true },
    });
    const sent = stub.requests[before]!.body;
    expect(sent.messages[0]!.role).toBe('system');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: '写一篇短文' });
  });

  it('stop aborts the upstream request and keeps the partial answer, marked stopped', async () => {
    stub.next({ kind: 'stream', tokens: Array.from({ length: 2000 }, (_, i) => `${i},`), delayMs: 5 });
    const before = stub.requests.length;
    let stopCall: Promise<unknown> | undefined;
    let r0 = { data: { messageId: 0 } };
    let stopAt = 0;
    let seen = 0;
    const r = await ask(
      base,
      token,
      { content: '写一篇很长的文章' },
      {
        onEvent: (e) => {
          if (e.event === 'delta' && ++seen === 5) {
            const { messageId } = r0.data;
            stopAt = performance.now();
            stopCall = app.inject({
              method: 'POST',
              url: '/api/sysMessage/stop',
              headers: bearer(token),
              payload: { messageId },
            });
          }
          if (e.event === 'start') r0 = { data: JSON.parse(e.data) as { messageId: number } };
        },
      },
    );
    const upstream = stub.requests[before]!;
    const closedAt = await upstream.closedEarly;
    expect(closedAt - stopAt).toBeLessThan(500);
    expect(upstream.written).toBeLessThan(2000);
    const stopRes = json<{ stopped: boolean; status: string }>((await stopCall) as { body: string });
    expect(stopRes.result).toMatchObject({ stopped: true, status: 'stopped' });
    const done = r.events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.stopped).toBe(true);
    expect(done.data.text).toBe(deltas(r).join(''));
    expect((done.data.usage as { reported: boolean }).reported).toBe(false);
    const stored = await answer(done.data.messageId as number);
    expect(stored.status).toBe('stopped');
    expect(stored.content).toBe(done.data.text);
    expect(stored.usage?.completionTokens).toBeLessThan(2000);
  });

  it("stop is only for the owner's running answers", async () => {
    stub.next({ kind: 'stream', tokens: ['好'] });
    const r = await ask(base, token, { content: '你好' });
    const messageId = r.events[0]!.data.messageId as number;
    const other = await app.inject({
      method: 'POST',
      url: '/api/sysMessage/stop',
      headers: bearer(await tokenFor(app, 'demovip')),
      payload: { messageId },
    });
    expect(other.statusCode).toBe(404);
    const finished = json<{ stopped: boolean; status: string }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysMessage/stop',
        headers: bearer(token),
        payload: { messageId },
      }),
    ).result;
    expect(finished).toEqual({ messageId, status: 'done', stopped: false });
  });

  it('a client that disconnects aborts the upstream request; the partial answer is kept', async () => {
    stub.next({ kind: 'stream', tokens: Array.from({ length: 2000 }, (_, i) => `${i},`), delayMs: 5 });
    const before = stub.requests.length;
    const controller = new AbortController();
    let messageId = 0;
    let seen = 0;
    await ask(
      base,
      token,
      { content: '写一篇很长的文章' },
      {
        signal: controller.signal,
        onEvent: (e) => {
          if (e.event === 'start') messageId = (JSON.parse(e.data) as { messageId: number }).messageId;
          if (e.event === 'delta' && ++seen === 5) controller.abort();
        },
      },
    );
    const upstream = stub.requests[before]!;
    await upstream.closedEarly;
    expect(upstream.written).toBeLessThan(2000);
    await waitFor(async () => (await answer(messageId)).status === 'stopped', 3000);
    expect((await answer(messageId)).content).toMatch(/^0,1,2,3,4,/);
  });

  it('maps provider errors to a message in the user language and gives the question back', async () => {
    const quota = async () =>
      json<{ used: number }>(
        await app.inject({ method: 'GET', url: '/api/sysMessage/quota', headers: bearer(token) }),
      ).result.used;
    const usedBefore = await quota();
    stub.next({
      kind: 'status',
      status: 401,
      body: { error: { message: 'Incorrect API key provided: sk-local', code: 'invalid_api_key' } },
    });
    const r = await ask(base, token, { content: '你好' }, { locale: 'en' });
    expect(r.status).toBe(200);
    const last = r.events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data.error).toBe('ai_auth_failed');
    expect(last.data.message).toBe(
      'The AI service rejected our credentials. Please ask the administrator to check the API key.',
    );
    expect(JSON.stringify(r.events)).not.toContain('Incorrect API key');
    const stored = await answer(last.data.messageId as number);
    expect(stored).toMatchObject({ status: 'error', errorId: 'ai_auth_failed' });
    expect(await quota()).toBe(usedBefore);

    stub.next({
      kind: 'status',
      status: 404,
      body: { error: { message: 'model not found', code: 'model_not_found' } },
    });
    const missing = await ask(base, token, { content: '你好' });
    expect(missing.events.at(-1)!.data).toMatchObject({
      error: 'ai_model_not_found',
      message: '所配置的 AI 模型不存在，请联系管理员',
    });
  });

  it('a revoked session is refused before the provider is asked: nothing sent upstream, stored or charged', async () => {
    const revoked = await tokenFor(app, 'demo');
    const sid = sessionIdOf(revoked);
    const quota = () => app.inject({ method: 'GET', url: '/api/sysMessage/quota', headers: bearer(revoked) });
    // Looked up once while active (the embedded database's server remembers it), then revoked.
    const usedBefore = json<{ used: number }>(await quota()).result.used;
    await app.platform.sessions.revoke(sid);
    const rowsBefore = (await app.platform.db.select({ id: chatMessages.id }).from(chatMessages)).length;
    const before = stub.requests.length;
    stub.next({ kind: 'stream', tokens: ['不该出现'], firstDelayMs: 200 });

    const r = await ask(base, revoked, { content: '你好' });
    expect(r.status).toBe(401);
    expect(r.events).toEqual([]);
    expect(r.body!.extras).toMatchObject({ error: 'session_revoked' });
    // Refused before the provider was asked anything (nothing billed).
    expect(stub.requests.length).toBe(before);
    expect((await app.platform.db.select({ id: chatMessages.id }).from(chatMessages)).length).toBe(
      rowsBefore,
    );
    const used = json<{ used: number }>(
      await app.inject({ method: 'GET', url: '/api/sysMessage/quota', headers: bearer(token) }),
    ).result.used;
    expect(used).toBe(usedBefore);
  });

  it('stops an answer whose output fails the censor', async () => {
    stub.next({ kind: 'stream', tokens: ['我们来聊聊', '网上赌', '博的技巧', '吧'] });
    const r = await ask(base, token, { content: '随便聊聊' });
    const last = r.events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data.error).toBe('chat_output_rejected');
    expect(deltas(r).join('')).not.toContain('赌博');
    const [row] = await app.platform.db
      .select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.tenantId, DEFAULT_TENANT_ID), eq(chatMessages.id, last.data.messageId as number)),
      );
    expect(row?.status).toBe('error');
  });
});
