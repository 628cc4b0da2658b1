import type { Config } from '../../config.js';
import { createTextProviders } from '../../platform/ai/text/text-providers.js';
import { translatePromptOffline } from './prompt-translator.js';

const INSTRUCTION =
  'Translate the user’s image prompt into concise English for an image model. Keep every visual detail, ' +
  'answer with the English prompt only, no quotes, no explanations.';

/**
 * toEnglish: the configured OpenAI-compatible text provider (AI_TEXT_*), and the offline dictionary translator
 * when none is set or it fails (the answer says which one translated).
 */
export const createPromptTranslator = (config: Config) => {
  const providers = createTextProviders(config);
  return async (text: string): Promise<{ text: string; engine: string; offline: boolean }> => {
    if (!providers.offlineOnly) {
      const { generator, model } = providers.resolve({ robotId: 0 });
      if (generator.provider !== 'offline') {
        try {
          let out = '';
          for await (const chunk of generator.stream({
            messages: [
              { role: 'system', content: INSTRUCTION },
              { role: 'user', content: text },
            ],
            model,
            temperature: 0.2,
            signal: AbortSignal.timeout(config.AI_TEXT_TIMEOUT_MS),
          })) {
            if ('text' in chunk) out += chunk.text;
          }
          const english = out.trim().replace(/^["“]|["”]$/g, '');
          if (english) return { text: english, engine: generator.provider, offline: false };
        } catch {
          // The provider failed: the offline translator still answers.
        }
      }
    }
    return { text: translatePromptOffline(text), engine: 'offline', offline: true };
  };
};
