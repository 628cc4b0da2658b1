/**
 * A small streaming parser of `text/event-stream` (the WHATWG rules we need): lines end with LF, CR or
 * CRLF; `event:` names the event, `data:` lines are joined with "\n", a blank line dispatches; lines
 * starting with ":" are comments (heartbeats); chunks may split anywhere, even inside a CRLF.
 */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds the next decoded chunk of text. */
  push: (chunk: string) => void;
  /** The stream ended: a pending event without its blank line is dropped (the spec's rule). */
  end: () => void;
}

export const createSseParser = (onEvent: (event: SseEvent) => void): SseParser => {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];
  let hasData = false;
  /** The previous chunk ended in CR: a leading LF of the next chunk belongs to it. */
  let skipLf = false;

  const line = (text: string) => {
    if (text === '') {
      if (hasData) onEvent({ event: eventName || 'message', data: data.join('\n') });
      eventName = '';
      data = [];
      hasData = false;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    }
  };

  return {
    push(chunk) {
      if (skipLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLf = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i++;
          } else skipLf = true;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      data = [];
      hasData = false;
      eventName = '';
    },
  };
};
