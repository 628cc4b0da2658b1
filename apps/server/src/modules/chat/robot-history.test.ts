import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { createTestUser } from '../../test/tokens.js';
import { createChatRepository } from './chat.repository.js';

// The message centre (im-message) answers peerId 999 from the conversation this module stores.
describe('robot conversation in the message centre /api/sysIMMessage', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the robot conversation history from the same endpoint with peerId 999', async () => {
    const user = await createTestUser(app);
    const chat999 = createChatRepository(app.platform.db);
    const now = app.platform.clock.now();
    const conversationId = await chat999.createConversation({
      tenantId: 1,
      userId: user.uid,
      robotId: 999,
      title: '诗',
      templateId: null,
      now,
    });
    const [questionId, answerId] = await chat999.reserveIds('chat_message', 2);
    await chat999.insertTurn({
      questionId: questionId!,
      answerId: answerId!,
      tenantId: 1,
      userId: user.uid,
      robotId: 999,
      conversationId,
      question: '写一首春天的诗',
      templateId: null,
      fields: null,
      provider: 'offline',
      model: 'offline-composer',
      now,
    });
    await chat999.finishAnswer(1, answerId!, {
      content: '春风拂面，花开满园。',
      status: 'done',
      usage: null,
      errorId: null,
      now,
    });
    await app.platform.notify(1, user.uid, { type: 'system', title: '系统', content: '维护通知' });

    const chat = await app.inject({
      method: 'GET',
      url: '/api/sysIMMessage/page?peerId=999&pageSize=10',
      headers: user.auth,
    });
    const result = json<{
      items: Array<{ type: string; senderId: number; content: string; checked: boolean }>;
      unread: number;
    }>(chat).result;
    expect(result.items).toMatchObject([
      { type: 'chat', senderId: 999, content: '春风拂面，花开满园。', checked: true },
      { type: 'chat', senderId: user.uid, content: '写一首春天的诗', checked: true },
    ]);
    expect(result.unread).toBe(1);

    // The message centre does not list conversation lines.
    const notices = await app.inject({ method: 'GET', url: '/api/sysIMMessage/page', headers: user.auth });
    expect(json<{ items: Array<{ type: string }> }>(notices).result.items.map((m) => m.type)).toEqual([
      'system',
    ]);
  });
});
