import { AppError } from '../../../platform/errors.js';
import type { TextProviders } from '../../../platform/ai/text/text-providers.js';

/** One chat turn in, the whole answer out (an OpenAI-compatible chat provider). */
export interface CueTranslator {
  readonly name: string;
  complete(system: string, user: string, signal: AbortSignal): Promise<string>;
}

/** The configured text provider as a translator, or null when only the offline engine answers. */
export const createCueTranslator = (providers: TextProviders, timeoutMs: number): CueTranslator | null => {
  if (providers.offlineOnly) return null;
  const { generator, model } = providers.resolve({ robotId: 0 });
  if (generator.provider === 'offline') return null;
  return {
    name: generator.provider,
    async complete(system, user, signal) {
      let out = '';
      for await (const chunk of generator.stream({
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        model,
        temperature: 0.2,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      }))
        if ('text' in chunk) out += chunk.text;
      return out;
    },
  };
};

/** Cues per request: small enough for any model's answer, large enough to keep the context of a scene. */
const BATCH = 60;

const instruction = (lang: string) =>
  `You translate subtitles into the language with BCP 47 tag "${lang}". The user sends a JSON array of ` +
  'subtitle lines. Answer with a JSON array of strings only: the same number of items in the same order, ' +
  'each the translation of the line at that position, never merged or split.';

/** The JSON array of strings in an answer (models sometimes wrap it in a code fence). */
const arrayIn = (answer: string): string[] | null => {
  const from = answer.indexOf('[');
  const to = answer.lastIndexOf(']');
  if (from < 0 || to <= from) return null;
  try {
    const parsed: unknown = JSON.parse(answer.slice(from, to + 1));
    return Array.isArray(parsed) && parsed.every((x) => typeof x === 'string') ? parsed : null;
  } catch {
    return null;
  }
};

/**
 * Each cue's text translated, one translation per cue in the same order (so each keeps its cue's timing); an
 * answer with a different count is refused rather than shifted onto the wrong cues.
 */
export const translateCues = async (
  translator: CueTranslator,
  texts: string[],
  lang: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<{ lines: string[]; engine: string }> => {
  const lines: string[] = [];
  for (let i = 0; i < texts.length; i += BATCH) {
    const batch = texts.slice(i, i + BATCH);
    let answer: string;
    try {
      answer = await translator.complete(instruction(lang), JSON.stringify(batch), signal);
    } catch (error) {
      throw Object.assign(new AppError(503, 'subtitle_translation_failed'), { cause: error });
    }
    const translated = arrayIn(answer);
    if (!translated || translated.length !== batch.length)
      throw new AppError(503, 'subtitle_translation_failed');
    lines.push(...translated.map((line) => line.replace(/\s+/g, ' ').trim()));
  }
  return { lines, engine: translator.name };
};
