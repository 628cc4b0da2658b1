import type { CensorService } from '../../platform/censor/censor-service.js';
import {
  TextGenerationError,
  type TextChunk,
  type TextUsage,
} from '../../platform/ai/text/text-generator.js';

/** The output censor looks at the new text plus this many characters before it (words split across pieces). */
const CENSOR_TAIL = 24;
/**
 * After a delta goes out, the next waits this long, gathering what the provider sends meanwhile: the first
 * token goes out at once and the text still flows at 30+ frames a second, but with many answers streaming
 * the censor, the event frame and the socket write run once per frame, not once per token.
 */
const DELTA_GAP_MS = 30;

export interface StreamedAnswer {
  text: string;
  usage: TextUsage | null;
  /** The error id the answer ended with (provider failure, censored output); null when it ended well or was stopped. */
  failure: string | null;
}

/**
 * Reads the provider's answer to its end and hands it to `onDelta` in censored pieces (each checked with the
 * tail before it); censored output aborts the request. An abort (stop, disconnect) ends the answer without a
 * failure; what had come by then is still censored and handed on.
 */
export const streamAnswer = async (input: {
  first: Promise<IteratorResult<TextChunk>>;
  iterator: AsyncIterator<TextChunk>;
  controller: AbortController;
  censor: Pick<CensorService, 'censorText'>;
  tenantId: number;
  onDelta: (text: string) => void;
  log: { error(obj: object, msg: string): void };
  messageId: number;
  /** The text already there when a stopped answer is continued: the censor reads its tail with the first piece. */
  before?: string;
}): Promise<StreamedAnswer> => {
  const { iterator, controller } = input;
  let text = '';
  let usage: TextUsage | null = null;
  let failure: string | null = null;

  // Text received and not yet handed on; pieces go out one at a time, in order.
  let pending = '';
  let sentAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();
  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    sending = sending
      .then(async () => {
        if (!pending || failure) return;
        const piece = pending;
        pending = '';
        sentAt = performance.now();
        const tail = ((input.before ?? '') + text).slice(-CENSOR_TAIL);
        if (!(await input.censor.censorText(tail + piece, input.tenantId)).ok) {
          failure = 'chat_output_rejected';
          controller.abort('censor');
          return;
        }
        text += piece;
        input.onDelta(piece);
      })
      .catch((error: unknown) => {
        input.log.error({ err: error, messageId: input.messageId }, 'chat generation failed');
        failure ??= 'ai_provider_error';
        controller.abort('censor');
      });
    return sending;
  };
  const received = (piece: string) => {
    pending += piece;
    if (timer) return;
    const wait = sentAt + DELTA_GAP_MS - performance.now();
    if (wait <= 0) void send();
    else timer = setTimeout(() => void send(), wait);
  };

  try {
    let next: IteratorResult<TextChunk> = await input.first;
    while (!next.done && !failure) {
      const chunk = next.value;
      if ('text' in chunk) received(chunk.text);
      else usage = chunk.usage;
      next = await iterator.next();
    }
  } catch (error) {
    if (!controller.signal.aborted) {
      if (error instanceof TextGenerationError) failure = error.id;
      else {
        input.log.error({ err: error, messageId: input.messageId }, 'chat generation failed');
        failure = 'ai_provider_error';
      }
    }
  }
  await send();
  if (failure === 'chat_output_rejected') await iterator.return?.(undefined);
  return { text, usage, failure };
};
