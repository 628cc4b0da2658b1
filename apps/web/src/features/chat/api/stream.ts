import { CHAT_DEFAULT_ROBOT_ID, type ChatDoneEvent, type ChatErrorEvent, type ChatSendBody, type ChatStartEvent } from '@app/contract';
import { t } from '../../../shared/i18n';
import { apiUrl, authHeaders, endSession, isSessionError, storeRenewedTokens } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { ApiError } from '../../../shared/lib/api/api-error';
import { parseMessage, statusMessage } from '../../../shared/lib/api/messages';
import { createSseParser } from '../lib/sse';

const SEND_PATH = endpoints.chatSendToRobot.path;

export interface StreamHandlers {
  onStart?: (event: ChatStartEvent) => void;
  onDelta?: (text: string) => void;
  onDone?: (event: ChatDoneEvent) => void;
  onError?: (event: ChatErrorEvent) => void;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** A failure before streaming: the JSON envelope (or a bare status) turned into an ApiError. */
const envelopeError = (status: number, text: string): ApiError => {
  const payload = parseJson(text) as { code?: unknown; message?: unknown; extras?: { error?: unknown } | null } | undefined;
  const code = typeof payload?.code === 'number' ? payload.code : status;
  const error = typeof payload?.extras?.error === 'string' ? payload.extras.error : undefined;
  if (isSessionError(code, error)) {
    endSession();
    return new ApiError({ code, error, status, message: t('request.expired'), path: SEND_PATH });
  }
  const message = (payload && parseMessage(payload.message)) || statusMessage(status);
  return new ApiError({ code, error, status, message, path: SEND_PATH });
};

/**
 * Asks the robot and reads the answer as it streams (`fetch` + our SSE parser; EventSource cannot POST).
 * Resolves when the stream ends; rejects with an ApiError when the server refused before streaming
 * (JSON envelope, told apart by content-type) or the network failed. Abort with `signal`.
 */
export const streamChat = async (
  body: ChatSendBody,
  handlers: StreamHandlers,
  signal?: AbortSignal,
  robotId: number = CHAT_DEFAULT_ROBOT_ID,
): Promise<void> => {
  let response: Response;
  try {
    response = await fetch(apiUrl(SEND_PATH, { id: robotId }), {
      method: 'POST',
      headers: { ...authHeaders(), 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({ code: signal?.aborted ? 600003 : 602001, transport: true, message: t('request.failed'), path: SEND_PATH });
  }
  storeRenewedTokens((name) => response.headers.get(name));
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) {
    throw envelopeError(response.status, await response.text().catch(() => ''));
  }

  const parser = createSseParser(({ event, data }) => {
    const value = parseJson(data);
    if (value === undefined) return;
    if (event === 'start') handlers.onStart?.(value as ChatStartEvent);
    else if (event === 'delta') handlers.onDelta?.((value as { text?: string }).text ?? '');
    else if (event === 'done') handlers.onDone?.(value as ChatDoneEvent);
    else if (event === 'error') handlers.onError?.(value as ChatErrorEvent);
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } catch {
    if (signal?.aborted) return;
    throw new ApiError({ code: 602001, transport: true, message: t('request.failed'), path: SEND_PATH });
  } finally {
    parser.end();
  }
};
