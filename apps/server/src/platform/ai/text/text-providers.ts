import { z } from 'zod';
import type { Config } from '../../../config.js';
import { createOfflineEngine } from './offline-engine.js';
import { createOpenAiGenerator } from './openai-generator.js';
import type { TextGenerator } from './text-generator.js';
import type { Metrics } from '../../metrics/metrics.js';

const profileSchema = z.object({
  baseURL: z.string().url(),
  apiKey: z.string().optional(),
  model: z.string().min(1),
  temperature: z.number().min(0).max(2).optional(),
});
export type TextProfile = z.infer<typeof profileSchema>;

export interface ResolvedGenerator {
  generator: TextGenerator;
  model: string;
  temperature?: number;
}

export interface TextProviders {
  /** The generator for a robot, optionally overridden by a template's profile/model/temperature. */
  resolve(input: {
    robotId: number;
    profile?: string | null;
    model?: string | null;
    temperature?: number | null;
  }): ResolvedGenerator;
  /** True when no provider is configured at all (the offline engine answers everything). */
  readonly offlineOnly: boolean;
}

/** A generator whose streams are timed, first request to last chunk, as one provider call (metrics). */
const timedGenerator = (generator: TextGenerator, metrics: Metrics): TextGenerator => ({
  provider: generator.provider,
  defaultModel: generator.defaultModel,
  async *stream(request) {
    let finish!: (error?: unknown) => void;
    const ended = new Promise<void>((resolve, reject) => {
      finish = (error) => (error === undefined ? resolve() : reject(error as Error));
    });
    const timing = metrics.observeProvider('text', generator.provider, () => ended).catch(() => undefined);
    try {
      yield* generator.stream(request);
      finish();
    } catch (error) {
      finish(error);
      throw error;
    } finally {
      // A stream the reader stopped early ends here too, as a call that did not fail.
      finish();
      await timing;
    }
  },
});

/**
 * Provider selection. Configuration:
 * - `AI_TEXT_BASE_URL` (+ `AI_TEXT_API_KEY`, `AI_TEXT_MODEL`): the default OpenAI-compatible provider;
 * - `AI_TEXT_PROFILES`: named profiles (JSON); a template's `profile` picks one, a profile named after a
 *   robot id is that robot's default;
 * - none of these: the offline engine.
 */
export const createTextProviders = (config: Config, metrics?: Metrics): TextProviders => {
  const offlineEngine = createOfflineEngine({ delayMs: config.AI_TEXT_OFFLINE_DELAY_MS });
  const offline = metrics?.enabled ? timedGenerator(offlineEngine, metrics) : offlineEngine;
  let profiles: Record<string, TextProfile> = {};
  if (config.AI_TEXT_PROFILES) {
    const parsed = z.record(z.string(), profileSchema).safeParse(JSON.parse(config.AI_TEXT_PROFILES));
    if (!parsed.success)
      throw new Error(`Invalid AI_TEXT_PROFILES: ${parsed.error.issues[0]?.message ?? ''}`);
    profiles = parsed.data;
  }
  if (config.AI_TEXT_BASE_URL) {
    profiles.default = {
      baseURL: config.AI_TEXT_BASE_URL,
      apiKey: config.AI_TEXT_API_KEY,
      model: config.AI_TEXT_MODEL ?? 'gpt-4o-mini',
    };
  }
  const cache = new Map<string, TextGenerator>();
  const generatorFor = (name: string, profile: TextProfile) => {
    let generator = cache.get(name);
    if (!generator) {
      generator = createOpenAiGenerator({
        baseURL: profile.baseURL,
        apiKey: profile.apiKey,
        model: profile.model,
        timeoutMs: config.AI_TEXT_TIMEOUT_MS,
        idleTimeoutMs: config.AI_TEXT_IDLE_TIMEOUT_MS,
        maxRetries: config.AI_TEXT_MAX_RETRIES,
      });
      if (metrics?.enabled) generator = timedGenerator(generator, metrics);
      cache.set(name, generator);
    }
    return generator;
  };
  return {
    offlineOnly: Object.keys(profiles).length === 0,
    resolve({ robotId, profile, model, temperature }) {
      const name = [profile, String(robotId), 'default'].find((n) => n && profiles[n]);
      const chosen = name ? profiles[name] : undefined;
      if (!name || !chosen) return { generator: offline, model: offline.defaultModel };
      return {
        generator: generatorFor(name, chosen),
        model: model || chosen.model,
        temperature: temperature ?? chosen.temperature,
      };
    },
  };
};
