import type { TtsVoice } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import { synthesizeSpeech, ttsVoices, type VoiceEngines } from '../voice/index.js';
import type { SceneSpeech } from './pipeline/render.js';

/** The voices of tts_config_nam the video pipeline speaks with, through the voice module's engines. */
export const createVideoSpeaker = (deps: { db: Db; engines: VoiceEngines }) => {
  /** The voice a caller's request names; refuses unknown voices, members' voices for others, unconfigured providers. */
  const resolve = async ({ tenantId, vip }: Actor, value: string): Promise<TtsVoice> => {
    const voice = (await ttsVoices(deps.db, tenantId)).find((v) => v.value === value)?.data;
    if (!voice) throw badRequest('video_voice_unknown');
    if (voice.vipOnly && !vip) throw new AppError(403, 'video_voice_vip_only');
    if (!deps.engines.ttsFor(voice.engine)) throw new AppError(503, 'video_voice_unavailable');
    return voice;
  };
  return {
    resolve,
    /** One scene spoken with `voice` at `speed` percent: MP3 and its cues' exact times. */
    async speak(input: {
      voice: TtsVoice;
      text: string;
      speed: number;
      signal: AbortSignal;
    }): Promise<SceneSpeech> {
      const engine = deps.engines.ttsFor(input.voice.engine);
      if (!engine) throw new Error(`no engine ${input.voice.engine}`);
      const speech = await synthesizeSpeech(engine, input);
      return {
        audio: speech.audio,
        duration: speech.duration,
        cues: speech.cues.map(({ start, end, text }) => ({ start, end, text })),
        engine: speech.engine,
        offline: speech.offline,
      };
    },
  };
};
export type VideoSpeaker = ReturnType<typeof createVideoSpeaker>;
