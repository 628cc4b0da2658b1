import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createParser } from 'eventsource-parser';
import { CHAT_STOPPED_FREE_CHARS, DEFAULT_TENANT_ID } from '@app/contract';
import { fixedClock } from '../../platform/clock.js';
import { composeOffline, OFFLINE_SIGNATURE } from '../../platform/ai/text/offline-composer.js';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { startOpenAiStub, type OpenAiStub } from '../../test/openai-stub.js';
import { eq } from 'drizzle-orm';
import { createChatRepository } from './chat.repository.js';
import { chatMessages } from './chat.table.js';
import { CONTINUE_PROMPT, fitHistory } from './chat-prepare.js';

interface Asked {
  status: number;
  events: { event: string; data: Record<string, unknown> }[];
  body?: ReturnType<typeof json>;
}

/**
 * POSTs to the chat stream; `stopAfter` deltas in, the answer is stopped through /api/sysMessage/stop (as the
 * page's 停止生成 button does).
 */
const ask = async (app: TestApp, base: string, token: string, body: object, stopAfter?: number) => {
  const res = await fetch(`${base}/api/sysMessage/sendToRobotForSSE/999`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream'))
    return { status: res.status, events: [], body: json({ body: await res.text() }) } satisfies Asked;
  const events: Asked['events'] = [];
  let seen = 0;
  let stop: Promise<unknown> | undefined;
  const parser = createParser({
    onEvent: (e) => {
      const data = JSON.parse(e.data) as Record<string, unknown>;
      events.push({ event: e.event ?? 'message', data });
      if (e.event === 'delta' && ++seen === stopAfter)
        stop = app.inject({
          method: 'POST',
          url: '/api/sysMessage/stop',
          headers: bearer(token),
          payload: { messageId: events[0]!.data.messageId },
        });
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
    parser.feed(decoder.decode(chunk, { stream: true }));
  await stop;
  return { status: res.status, events } satisfies Asked;
};
const newText = (r: Asked) =>
  r.events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text as string)
    .join('');
const done = (r: Asked) => {
  expect(r.events.at(-1)?.event, JSON.stringify(r.body ?? r.events.at(-1))).toBe('done');
  return r.events.at(-1)!.data as {
    messageId: number;
    text: string;
    stopped: boolean;
    conversationId: number;
  };
};

describe('fitHistory (earlier turns within a token budget)', () => {
  it('keeps the newest turns that fit, whole, starting with a question', () => {
    const turns = [
      { role: 'user' as const, content: '一'.repeat(100) },
      { role: 'assistant' as const, content: '二'.repeat(100) },
      { role: 'user' as const, content: '三'.repeat(100) },
      { role: 'assistant' as const, content: '四'.repeat(100) },
    ];
    expect(fitHistory(turns, 1000)).toEqual(turns);
    // Room for three messages: the oldest kept would be an answer without its question, so it goes too.
    expect(fitHistory(turns, 320)).toEqual(turns.slice(2));
    expect(fitHistory(turns, 50)).toEqual([]);
  });
});

describe('continuing a stopped answer with an OpenAI-compatible provider', () => {
  let stub: OpenAiStub;
  let app: TestApp;
  let base: string;
  let token: string;
  // Each test runs on its own Shanghai day, so the daily quota starts at 0.
  const clock = fixedClock('2025-05-01T02:00:00Z');
  let day = 1;
  const nextDay = async () => {
    clock.set(`2025-05-${String((day += 1)).padStart(2, '0')}T02:00:00Z`);
    token = await tokenFor(app, 'demo');
  };
  const quotaUsed = async () =>
    json<{ used: number }>(
      await app.inject({ method: 'GET', url: '/api/sysMessage/quota', headers: bearer(token) }),
    ).result.used;
  const stored = async (id: number) =>
    (await createChatRepository(app.platform.db).message(DEFAULT_TENANT_ID, id))!;

  beforeAll(async () => {
    stub = await startOpenAiStub();
    app = await createTestApp(
      { AI_TEXT_BASE_URL: stub.baseURL, AI_TEXT_API_KEY: 'sk-local', AI_TEXT_MODEL: 'local-model' },
      { clock },
    );
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    token = await tokenFor(app, 'demo');
  });
  afterEach(() => stub.reset());
  afterAll(async () => {
    await app.close();
    await stub.close();
  });

  /** The first token comes at once and the rest only later, so a stop on the first delta keeps just it. */
  const slowAfter = (first: string) => ({
    kind: 'stream' as const,
    tokens: [first, ...Array.from({ length: 50 }, (_, i) => `后文${i}。`)],
    delayMs: 200,
  });

  it('sends the conversation, the partial answer and a request to go on; appends to the same message', async () => {
    await nextDay();
    const partial = '第一部分：'.repeat(12);
    stub.next(slowAfter(partial));
    const stopped = await ask(app, base, token, { content: '写一篇关于露营的长文' }, 1);
    const first = done(stopped);
    expect(first).toMatchObject({ stopped: true, text: partial });
    expect(await quotaUsed()).toBe(1);

    stub.next({ kind: 'stream', tokens: ['第二部分', '，完。'] });
    const before = stub.requests.length;
    const more = await ask(app, base, token, { continueOf: first.messageId });
    expect(more.events[0]!.data).toMatchObject({
      messageId: first.messageId,
      conversationId: first.conversationId,
    });
    expect(newText(more)).toBe('第二部分，完。');
    expect(done(more)).toMatchObject({
      messageId: first.messageId,
      stopped: false,
      text: `${partial}第二部分，完。`,
    });
    const sent = stub.requests[before]!.body.messages;
    expect(sent[0]!.role).toBe('system');
    expect(sent.slice(-3)).toEqual([
      { role: 'user', content: '写一篇关于露营的长文' },
      { role: 'assistant', content: partial },
      { role: 'user', content: CONTINUE_PROMPT },
    ]);
    expect(await stored(first.messageId)).toMatchObject({
      status: 'done',
      content: `${partial}第二部分，完。`,
    });
    // The answer was long enough to use its question; continuing it used no other.
    expect(await quotaUsed()).toBe(1);

    // Only a stopped answer can be continued.
    const again = await ask(app, base, token, { continueOf: first.messageId });
    expect(again.status).toBe(409);
    expect(again.body?.extras?.error).toBe('chat_message_not_continuable');
  });

  it(`an answer stopped before ${CHAT_STOPPED_FREE_CHARS} characters gives its question back; continuing it takes one`, async () => {
    await nextDay();
    stub.next(slowAfter('好的，'));
    const short = done(await ask(app, base, token, { content: '写一句早安问候' }, 1));
    expect(short).toMatchObject({ stopped: true, text: '好的，' });
    expect(await quotaUsed()).toBe(0);

    stub.next({ kind: 'stream', tokens: ['早安！'.repeat(20)] });
    done(await ask(app, base, token, { continueOf: short.messageId }));
    expect(await quotaUsed()).toBe(1);

    // An answer that runs to its end uses its question.
    stub.next({ kind: 'stream', tokens: ['晚安'] });
    done(await ask(app, base, token, { content: '写一句晚安' }));
    expect(await quotaUsed()).toBe(2);
  });

  it('sends earlier turns newest first within the token budget; the oldest are dropped', async () => {
    await nextDay();
    // Four turns of ~1400 estimated tokens each: the budget (CONTEXT_TOKEN_BUDGET, 3000) holds the last two.
    let conversationId: number | undefined;
    for (let i = 1; i <= 4; i += 1) {
      stub.next({ kind: 'stream', tokens: [`回答${i}`, '字'.repeat(1400)] });
      conversationId = done(
        await ask(app, base, token, { content: `问题${i}`, conversationId }),
      ).conversationId;
    }
    stub.next({ kind: 'stream', tokens: ['好'] });
    const before = stub.requests.length;
    done(await ask(app, base, token, { content: '问题5', conversationId }));
    const sent = stub.requests[before]!.body.messages.map((m) => `${m.role}:${m.content.slice(0, 3)}`);
    expect(sent[0]).toMatch(/^system:/);
    expect(sent.slice(1)).toEqual([
      'user:问题3',
      'assistant:回答3',
      'user:问题4',
      'assistant:回答4',
      'user:问题5',
    ]);
  });
});

describe('continuing a stopped answer on the offline engine', () => {
  let app: TestApp;
  let base: string;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp({ AI_TEXT_OFFLINE_DELAY_MS: 20 });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    token = await tokenFor(app, 'demo');
  });
  afterAll(() => app.close());

  it('writes the rest of the same text it stopped in, into the same message', async () => {
    const question = '给一家社区咖啡馆写朋友圈开业文案';
    const stopped = done(await ask(app, base, token, { content: question }, 2));
    expect(stopped.stopped).toBe(true);
    expect(stopped.text.length).toBeGreaterThan(0);
    const more = await ask(app, base, token, { continueOf: stopped.messageId });
    const whole = done(more);
    expect(whole.messageId).toBe(stopped.messageId);
    expect(whole.text).toBe(stopped.text + newText(more));
    expect(whole.text.split('离线引擎').length - 1).toBe(1);
    // Exactly the answer the engine would have written had it not been stopped (same seed).
    const row = (await createChatRepository(app.platform.db).message(DEFAULT_TENANT_ID, whole.messageId))!;
    expect(whole.text).toBe(composeOffline({ question, seed: row.createdAt.getTime() & 0x7fffffff }));
    expect(whole.text.trim().endsWith(OFFLINE_SIGNATURE)).toBe(true);
    expect(row).toMatchObject({ status: 'done', content: whole.text });
  });

  it('an old answer streaming again is not taken for one a dead process left (start-up sweep)', async () => {
    const repo = createChatRepository(app.platform.db);
    const stopped = done(await ask(app, base, token, { content: '写一段关于露营的朋友圈文案' }, 1));
    expect(stopped.stopped).toBe(true);
    // Written an hour ago, continued now; another API process starting now sweeps answers older than 30 min.
    const now = new Date();
    await app.platform.db
      .update(chatMessages)
      .set({ createdAt: new Date(now.getTime() - 3600_000), updatedAt: new Date(now.getTime() - 3600_000) })
      .where(eq(chatMessages.id, stopped.messageId));
    expect(await repo.resumeAnswer(DEFAULT_TENANT_ID, stopped.messageId, now)).toBe(true);
    expect(await repo.closeInterruptedAnswers(now, new Date(now.getTime() - 30 * 60_000))).toBe(0);
    expect((await repo.message(DEFAULT_TENANT_ID, stopped.messageId))?.status).toBe('streaming');
    // Not continued twice at once.
    expect(await repo.resumeAnswer(DEFAULT_TENANT_ID, stopped.messageId, now)).toBe(false);
    await repo.finishAnswer(DEFAULT_TENANT_ID, stopped.messageId, {
      content: stopped.text,
      status: 'stopped',
      usage: null,
      errorId: null,
      now,
    });
  });

  it('a follow-up in the conversation is about the earlier topic, not 关于「继续」', async () => {
    const first = done(await ask(app, base, token, { content: '帮我写一条新款无线降噪耳机的广告语' }));
    const follow = done(
      await ask(app, base, token, { content: '继续', conversationId: first.conversationId }),
    );
    expect(follow.text).not.toContain('关于「继续」');
    expect(follow.text).toContain('无线降噪耳机');
  });
});
