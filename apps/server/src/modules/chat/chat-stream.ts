import type { CensorService } from '../../platform/censor/censor-service.js';
import {
  TextGenerationError,
  type TextChunk,
  type TextUsage,
} from '../../platform/ai/text/text-generator.js';

/** The output censor looks at the new chunk plus this many characters before it (words split across chunks). */
const CENSOR_TAIL = 24;

export interface StreamedAnswer {
  text: string;
  usage: TextUsage | null;
  /** The error id the answer ended with (provider failure, censored output); null when it ended well or was stopped. */
  failure: string | null;
}

/**
 * Reads the provider's answer to its end: each chunk censored (with the tail before it) and handed to
 * `onDelta`; censored output aborts the request. An abort (stop, disconnect) ends the answer without a failure.
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
}): Promise<StreamedAnswer> => {
  const { iterator, controller } = input;
  let text = '';
  let usage: TextUsage | null = null;
  let failure: string | null = null;
  try {
    let next: IteratorResult<TextChunk> = await input.first;
    while (!next.done) {
      const chunk = next.value;
      if ('text' in chunk) {
        if (!(await input.censor.censorText(text.slice(-CENSOR_TAIL) + chunk.text, input.tenantId)).ok) {
          failure = 'chat_output_rejected';
          controller.abort('censor');
          await iterator.return?.(undefined);
          break;
        }
        text += chunk.text;
        input.onDelta(chunk.text);
      } else {
        usage = chunk.usage;
      }
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
  return { text, usage, failure };
};
