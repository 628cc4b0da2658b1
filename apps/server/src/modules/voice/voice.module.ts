import path from 'node:path';
import { ttsVoiceSchema, type TtsVoice } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Platform } from '../../platform/platform.js';
import { createGoldHolds } from '../../platform/wallet/holds.js';
import { getDictionary } from '../dictionary/index.js';
import { createVoiceEngines, type VoiceConfig, type VoiceEngines } from './engines.js';
import { synthesizeSpeech, type SpeechResult } from './tts/synthesize.js';
import { registerVoiceJobs } from './voice.jobs.js';
import { registerVoiceRoutes } from './voice.routes.js';
import { createVoiceService } from './voice.service.js';

/** Routes and job handlers of dubbing and subtitles (the handlers run wherever the job runner runs them). */
export const registerVoiceModule = (app: FastifyInstance, platform: Platform) => {
  const engines = createVoiceEngines(platform.config);
  const walletHolds = createGoldHolds(platform.clock);
  const service = createVoiceService({
    db: platform.db,
    clock: platform.clock,
    jobs: platform.jobs,
    storage: platform.storage,
    censor: platform.censor,
    engines,
    holds: walletHolds,
    cacheDir: path.join(platform.dataDir, 'cache', 'voice-preview'),
  });
  registerVoiceJobs({
    db: platform.db,
    jobs: platform.jobs,
    storage: platform.storage,
    engines,
    holds: walletHolds,
    service,
    publicBaseUrl: platform.config.PUBLIC_BASE_URL,
  });
  registerVoiceRoutes(app, platform, service);
};

export interface VoiceSpeaker {
  /**
   * Speaks `text` with the tts_config_nam voice `voice` at `speed` percent (50–200): an MP3 with the exact
   * time of each subtitle-sized cue and of each sentence. Free (the caller charges for its own task).
   * Throws AppError `tts_voice_unknown` / `tts_provider_not_configured`.
   */
  speak(input: {
    tenantId: number;
    voice: string;
    text: string;
    speed?: number;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => Promise<void> | void;
  }): Promise<SpeechResult & { voice: TtsVoice }>;
  engines: VoiceEngines;
}

/** Speech for other modules (the video pipeline voices each scene with it). */
export const createVoiceSpeaker = (deps: {
  db: Db;
  config: VoiceConfig;
  engines?: VoiceEngines;
}): VoiceSpeaker => {
  const engines = deps.engines ?? createVoiceEngines(deps.config);
  return {
    engines,
    async speak(input) {
      const { items } = await getDictionary(deps.db, input.tenantId, 'tts_config_nam');
      const parsed = ttsVoiceSchema.safeParse(items.find((item) => item.value === input.voice)?.data);
      if (!parsed.success) throw badRequest('tts_voice_unknown');
      const engine = engines.ttsFor(parsed.data.engine);
      if (!engine) throw new AppError(503, 'tts_provider_not_configured', { provider: parsed.data.engine });
      const speech = await synthesizeSpeech(engine, {
        text: input.text,
        voice: parsed.data,
        speed: input.speed ?? 100,
        signal: input.signal,
        onProgress: input.onProgress,
      });
      return { ...speech, voice: parsed.data };
    },
  };
};
