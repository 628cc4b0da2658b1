import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { chatMessages } from './chat.table.js';

describe('answers left streaming by a process that died', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chat-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const start = () => buildApp(testConfig({ DATA_DIR: dataDir, PGLITE_IN_MEMORY: false }));

  it('are closed as stopped when the product starts again, their partial text kept', async () => {
    const first = await start();
    const res = await first.inject({
      method: 'POST',
      url: '/api/sysMessage/sendToRobotForSSE/999',
      headers: { ...bearer(await tokenFor(first, 'demo')), accept: 'text/event-stream' },
      payload: { content: '写一句春天的文案' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [answer] = await first.platform.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.role, 'assistant'));
    // As if the process died mid-answer: the row still says streaming, with what was stored so far.
    await first.platform.db
      .update(chatMessages)
      .set({ status: 'streaming', content: '春风' })
      .where(eq(chatMessages.id, answer!.id));
    await first.close();

    const second = await start();
    try {
      await second.ready();
      const [row] = await second.platform.db
        .select({ status: chatMessages.status, content: chatMessages.content })
        .from(chatMessages)
        .where(eq(chatMessages.id, answer!.id));
      expect(row).toEqual({ status: 'stopped', content: '春风' });
    } finally {
      await second.close();
    }
  });
});
