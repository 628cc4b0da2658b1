/**
 * ASP.NET Core SignalR JSON hub protocol v1: messages are JSON texts each ended by the record separator
 * 0x1E; one WebSocket frame may hold several messages or part of one.
 */
export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface InvocationMessage {
  type: 1;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}
export interface CompletionMessage {
  type: 3;
  invocationId: string;
  result?: unknown;
  error?: string;
}
export interface CloseMessage {
  type: 7;
  error?: string;
  allowReconnect?: boolean;
}
export type HubMessage =
  | InvocationMessage
  | CompletionMessage
  | CloseMessage
  | { type: 2 | 4 | 5; invocationId?: string; target?: string }
  | { type: 6 };

export const frame = (message: object): string => JSON.stringify(message) + RECORD_SEPARATOR;

/** Accumulates text and yields each complete record; the incomplete tail waits for the next frame. */
export class RecordReader {
  private buffer = '';
  constructor(private readonly maxBufferedChars: number) {}

  /** Returns the complete records; throws when a record grows beyond the limit. */
  push(chunk: string): string[] {
    this.buffer += chunk;
    const parts = this.buffer.split(RECORD_SEPARATOR);
    this.buffer = parts.pop() ?? '';
    if (this.buffer.length > this.maxBufferedChars) throw new Error('message too large');
    return parts;
  }
}

/** Parses one record into a hub message; throws on anything that is not a valid protocol message. */
export const parseMessage = (record: string): HubMessage => {
  const value = JSON.parse(record) as unknown;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
  const message = value as Record<string, unknown>;
  const type = message.type;
  if (typeof type !== 'number' || !Number.isInteger(type) || type < 1 || type > 7) {
    throw new Error('unknown message type');
  }
  if (type === MessageType.Invocation) {
    if (typeof message.target !== 'string' || !message.target) throw new Error('invocation without target');
    if (message.invocationId !== undefined && typeof message.invocationId !== 'string') {
      throw new Error('invalid invocationId');
    }
    if (message.arguments !== undefined && !Array.isArray(message.arguments)) {
      throw new Error('invalid arguments');
    }
    return {
      type: 1,
      target: message.target,
      invocationId: message.invocationId as string | undefined,
      arguments: (message.arguments as unknown[] | undefined) ?? [],
      streamIds: Array.isArray(message.streamIds) ? (message.streamIds as string[]) : undefined,
    };
  }
  return message as unknown as HubMessage;
};

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

/** Parses the handshake record; returns the error text to answer when it is not `json` version 1. */
export const checkHandshake = (record: string): string | null => {
  let request: Partial<HandshakeRequest>;
  try {
    request = JSON.parse(record) as Partial<HandshakeRequest>;
  } catch {
    return 'Handshake request is not valid JSON.';
  }
  if (request.protocol !== 'json') {
    return `Requested protocol '${String(request.protocol)}' is not available.`;
  }
  if (request.version !== 1) {
    return `The server does not support version ${String(request.version)} of the 'json' protocol.`;
  }
  return null;
};
