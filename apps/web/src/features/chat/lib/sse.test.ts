import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse';

const parseAll = (chunks: string[]): SseEvent[] => {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
};

const STREAM =
  'event: start\ndata: {"messageId":12}\n\nevent: delta\ndata: {"text":"标题："}\n\n: ping\n\nevent: delta\ndata: {"text":"好"}\n\nevent: done\ndata: {"text":"标题：好"}\n\n';

describe('SSE parser', () => {
  it('reads named events in order', () => {
    expect(parseAll([STREAM])).toEqual([
      { event: 'start', data: '{"messageId":12}' },
      { event: 'delta', data: '{"text":"标题："}' },
      { event: 'delta', data: '{"text":"好"}' },
      { event: 'done', data: '{"text":"标题：好"}' },
    ]);
  });

  it('gives the same events whatever the chunk boundaries (every split, one character at a time)', () => {
    const whole = parseAll([STREAM]);
    for (let cut = 1; cut < STREAM.length; cut++) {
      expect(parseAll([STREAM.slice(0, cut), STREAM.slice(cut)])).toEqual(whole);
    }
    expect(parseAll([...STREAM])).toEqual(whole);
  });

  it('handles CRLF split between chunks and CR-only line ends', () => {
    expect(parseAll(['event: delta\r', '\ndata: a\r', '\n\r', '\n'])).toEqual([{ event: 'delta', data: 'a' }]);
    expect(parseAll(['data: x\r\rdata: y\r\r'])).toEqual([
      { event: 'message', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });

  it('joins multi-line data with newlines and keeps spaces after the first', () => {
    expect(parseAll(['event: delta\ndata: line one\ndata:  two\ndata\n\n'])).toEqual([
      { event: 'delta', data: 'line one\n two\n' },
    ]);
  });

  it('ignores comments and heartbeats, and events without data', () => {
    expect(parseAll([': ping\n\n:another\nevent: lonely\n\n', 'data: ok\n\n'])).toEqual([{ event: 'message', data: 'ok' }]);
  });

  it('drops an unfinished event when the stream ends', () => {
    expect(parseAll(['event: delta\ndata: half'])).toEqual([]);
  });
});
