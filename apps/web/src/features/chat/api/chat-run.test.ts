import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLanguage } from '../../../shared/i18n';
import { envelope } from '../../../test/render-app';
import { ChatRun } from './chat-run';

beforeAll(async () => {
  await initI18n('zh-Hans');
  await loadLanguage('zh-Hans');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const encoder = new TextEncoder();

/** A stream the test writes to, chunk by chunk, answered as text/event-stream. */
const sseResponse = () => {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
};

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('chat run (stop button behaviour)', () => {
  it('streams deltas, and stop calls /api/sysMessage/stop with the messageId from start; the answer ends stopped with its partial text', async () => {
    const stream = sseResponse();
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.includes('sendToRobotForSSE')) return stream.response;
        // The server answers the stop and ends the open stream with done (stopped: true).
        stream.write('event: done\ndata: {"messageId":12,"conversationId":3,"text":"标题：秋","stopped":true,"provider":"offline","model":"m","usage":{"promptTokens":1,"completionTokens":1,"totalTokens":2,"reported":false}}\n\n');
        stream.close();
        return envelope({ messageId: 12, status: 'stopped', stopped: true });
      }),
    );
    const run = new ChatRun({ content: '写文案' });
    stream.write('event: start\ndata: {"messageId":12,"questionId":11,"conversationId":3,"provider":"offline","model":"m"}\n\n');
    stream.write('event: delta\ndata: {"text":"标题"}\n\n: ping\n\nevent: del');
    stream.write('ta\ndata: {"text":"：秋"}\n\n');
    await waitFor(() => run.state.text === '标题：秋');
    expect(run.state.status).toBe('streaming');
    expect(run.state.provider).toBe('offline');

    await run.stop();
    await run.finished;
    expect(calls.find((c) => c.url.includes('/api/sysMessage/stop'))?.body).toEqual({ messageId: 12 });
    expect(run.state).toMatchObject({ status: 'stopped', text: '标题：秋', stopping: false });
  });

  it('a refusal before streaming (JSON envelope, quota) is an error with the server id, not a stream', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null, { code: 429, message: '今日提问次数已用完', error: 'question_quota_exceeded' })),
    );
    const run = new ChatRun({ content: '写文案' });
    expect(await run.started).toBeNull();
    await run.finished;
    expect(run.state.status).toBe('error');
    expect(run.state.refusal?.error).toBe('question_quota_exceeded');
    expect(run.state.refusal?.message).toBe('今日提问次数已用完');
  });

  it('continuing a stopped answer (continueOf) starts from its text and appends the new deltas to it', async () => {
    const stream = sseResponse();
    let sent: unknown;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent = JSON.parse(String(init?.body));
        return stream.response;
      }),
    );
    const run = new ChatRun({ content: '', continueOf: 12 }, undefined, '标题：秋');
    expect(run.state.text).toBe('标题：秋');
    stream.write('event: start\ndata: {"messageId":12,"questionId":11,"conversationId":3,"provider":"offline","model":"m"}\n\n');
    stream.write('event: delta\ndata: {"text":"天的露营"}\n\n');
    await waitFor(() => run.state.text === '标题：秋天的露营');
    stream.write('event: done\ndata: {"messageId":12,"conversationId":3,"text":"标题：秋天的露营。","stopped":false,"provider":"offline","model":"m","usage":{"promptTokens":1,"completionTokens":1,"totalTokens":2,"reported":false}}\n\n');
    stream.close();
    await run.finished;
    expect(sent).toEqual({ content: '', continueOf: 12 });
    expect(run.state).toMatchObject({ status: 'done', text: '标题：秋天的露营。', messageId: 12 });
  });
});

