import { describe, expect, it } from 'vitest';
import { chatSendBodySchema } from './chat.js';

describe('chat send body', () => {
  it('accepts 继续生成 (continueOf) with no question text, and still refuses an empty question', () => {
    expect(chatSendBodySchema.parse({ continueOf: 12 })).toEqual({ content: '', continueOf: 12 });
    const empty = chatSendBodySchema.safeParse({ content: '  ' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]).toMatchObject({ message: 'chat_content_required', path: ['content'] });
    expect(chatSendBodySchema.safeParse({ continueOf: 0 }).success).toBe(false);
  });
});
