import OpenAI from 'openai';
import { TextGenerationError } from './text-generator.js';
import './text.messages.js';

const QUOTA_HINT = /insufficient[_ ]quota|quota|balance|billing|余额|欠费|arrears/i;
const MODEL_HINT = /model[_ ]not[_ ]found|does not exist|no such model|unknown model|not found/i;

const codeOf = (error: InstanceType<typeof OpenAI.APIError>): string =>
  [error.code, error.type, (error.error as { code?: unknown } | undefined)?.code]
    .filter((v) => typeof v === 'string')
    .join(' ');

/**
 * Maps anything the SDK (or a broken stream) throws to a user-facing error id. Never exposes the
 * provider's body: the message shown comes from our catalogue.
 */
export const mapProviderError = (error: unknown): TextGenerationError => {
  if (error instanceof TextGenerationError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new TextGenerationError('ai_timeout', true, undefined, { cause: error });
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new TextGenerationError('ai_network_error', true, undefined, { cause: error });
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    const code = codeOf(error);
    const text = `${code} ${error.message}`;
    if (status === 401 || status === 403)
      return new TextGenerationError('ai_auth_failed', false, status, { cause: error });
    if (status === 402) return new TextGenerationError('ai_quota_exhausted', false, status, { cause: error });
    if (status === 429) {
      return QUOTA_HINT.test(text)
        ? new TextGenerationError('ai_quota_exhausted', false, status, { cause: error })
        : new TextGenerationError('ai_rate_limited', true, status, { cause: error });
    }
    if (status === 404) return new TextGenerationError('ai_model_not_found', false, status, { cause: error });
    if (status === 408) return new TextGenerationError('ai_timeout', true, status, { cause: error });
    if (status !== undefined && status >= 500) {
      return new TextGenerationError('ai_provider_error', true, status, { cause: error });
    }
    if (status === 400 || status === 422) {
      return MODEL_HINT.test(text)
        ? new TextGenerationError('ai_model_not_found', false, status, { cause: error })
        : new TextGenerationError('ai_bad_request', false, status, { cause: error });
    }
    // An error event inside the stream (no status): classify by its code.
    if (QUOTA_HINT.test(text))
      return new TextGenerationError('ai_quota_exhausted', false, status, { cause: error });
    return new TextGenerationError('ai_provider_error', false, status, { cause: error });
  }
  // Undici/Node network failures that escaped the SDK (socket reset mid-stream).
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TimeoutError')
    return new TextGenerationError('ai_timeout', true, undefined, { cause: error });
  if (error instanceof TypeError || (error as { code?: string } | null)?.code?.startsWith?.('E')) {
    return new TextGenerationError('ai_network_error', true, undefined, { cause: error });
  }
  return new TextGenerationError('ai_provider_error', false, undefined, { cause: error });
};
