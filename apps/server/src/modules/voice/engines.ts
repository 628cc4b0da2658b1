import type { TtsEngineName } from '@app/contract';
import type { Config } from '../../config.js';
import { createAlignEngine } from './asr/align-engine.js';
import type { AsrEngine } from './asr/asr-engine.js';
import { createFunAsrEngine } from './asr/funasr-asr.js';
import { createOpenAiAsrEngine } from './asr/openai-asr.js';
import { createParaformerAsrEngine } from './asr/paraformer-asr.js';
import { createSherpaOnnxAsrEngine } from './asr/sherpa-onnx-asr.js';
import { createAzureTtsEngine } from './tts/azure-tts.js';
import { createCosyVoiceTtsEngine } from './tts/cosyvoice-tts.js';
import { createEspeakEngine } from './tts/espeak-engine.js';
import { createOpenAiTtsEngine } from './tts/openai-tts.js';
import type { TtsEngine } from './tts/tts-engine.js';
import { createVolcengineTtsEngine } from './tts/volcengine-tts.js';
import { instrumentEngine, type Metrics } from '../../platform/metrics/metrics.js';

export type VoiceConfig = Pick<
  Config,
  | 'AI_TTS_PROVIDER'
  | 'AI_TTS_BASE_URL'
  | 'AI_TTS_API_KEY'
  | 'AI_TTS_MODEL'
  | 'AI_TTS_REGION'
  | 'AI_TTS_APP_ID'
  | 'AI_TTS_CLUSTER'
  | 'AI_TTS_TIMEOUT_MS'
  | 'AI_ASR_PROVIDER'
  | 'AI_ASR_BASE_URL'
  | 'AI_ASR_API_KEY'
  | 'AI_ASR_MODEL'
  | 'AI_ASR_MODEL_DIR'
  | 'AI_ASR_MODEL_TYPE'
  | 'AI_ASR_TIMEOUT_MS'
>;

const required = (name: string, value: string | undefined, provider: string): string => {
  if (!value) throw new Error(`${name} is required with provider ${provider}`);
  return value;
};

/** The text-to-speech provider AI_TTS_PROVIDER names, or null. */
const createTtsProvider = (config: VoiceConfig): TtsEngine | null => {
  const common = { apiKey: config.AI_TTS_API_KEY, timeoutMs: config.AI_TTS_TIMEOUT_MS };
  switch (config.AI_TTS_PROVIDER) {
    case 'openai':
      return createOpenAiTtsEngine({
        ...common,
        baseUrl: required('AI_TTS_BASE_URL', config.AI_TTS_BASE_URL, 'openai'),
        model: config.AI_TTS_MODEL,
      });
    case 'azure':
      if (!config.AI_TTS_BASE_URL) required('AI_TTS_REGION', config.AI_TTS_REGION, 'azure');
      return createAzureTtsEngine({
        ...common,
        baseUrl: config.AI_TTS_BASE_URL,
        region: config.AI_TTS_REGION,
      });
    case 'cosyvoice':
      return createCosyVoiceTtsEngine({
        ...common,
        baseUrl: config.AI_TTS_BASE_URL,
        model: config.AI_TTS_MODEL,
      });
    case 'volcengine':
      return createVolcengineTtsEngine({
        ...common,
        baseUrl: config.AI_TTS_BASE_URL,
        appId: config.AI_TTS_APP_ID,
        cluster: config.AI_TTS_CLUSTER,
      });
    default:
      return null;
  }
};

/**
 * The speech-to-text provider AI_ASR_PROVIDER names, or null. A model directory alone (AI_ASR_MODEL_DIR)
 * means the local sherpa-onnx engine.
 */
const createAsrProvider = (config: VoiceConfig): AsrEngine | null => {
  const common = {
    apiKey: config.AI_ASR_API_KEY,
    timeoutMs: config.AI_ASR_TIMEOUT_MS,
    model: config.AI_ASR_MODEL,
  };
  const provider = config.AI_ASR_PROVIDER ?? (config.AI_ASR_MODEL_DIR ? 'sherpa-onnx' : undefined);
  switch (provider) {
    case 'sherpa-onnx':
      return createSherpaOnnxAsrEngine({
        modelDir: required('AI_ASR_MODEL_DIR', config.AI_ASR_MODEL_DIR, 'sherpa-onnx'),
        modelType: config.AI_ASR_MODEL_TYPE,
        timeoutMs: config.AI_ASR_TIMEOUT_MS,
      });
    case 'openai':
      return createOpenAiAsrEngine({
        ...common,
        baseUrl: required('AI_ASR_BASE_URL', config.AI_ASR_BASE_URL, 'openai'),
      });
    case 'funasr':
      return createFunAsrEngine({
        url: required('AI_ASR_BASE_URL', config.AI_ASR_BASE_URL, 'funasr'),
        timeoutMs: config.AI_ASR_TIMEOUT_MS,
      });
    case 'paraformer':
      return createParaformerAsrEngine({ ...common, baseUrl: config.AI_ASR_BASE_URL });
    default:
      return null;
  }
};

/** Every engine this server has: the offline ones always, a provider of each kind when configured. */
export const createVoiceEngines = (config: VoiceConfig, metrics?: Metrics) => {
  // Every engine call is timed as a provider call when metrics are on (`/metrics`).
  const speech = <E extends TtsEngine | null>(engine: E): E =>
    engine && metrics ? instrumentEngine(metrics, 'speech', engine, ['synthesize']) : engine;
  const transcription = <E extends AsrEngine | null>(engine: E): E =>
    engine && metrics ? instrumentEngine(metrics, 'transcription', engine, ['transcribe']) : engine;
  const offlineTts = speech(createEspeakEngine());
  const ttsProvider = speech(createTtsProvider(config));
  const aligner = transcription(createAlignEngine());
  const asrProvider = transcription(createAsrProvider(config));
  return {
    /** The engine that speaks with voices of `engine`, or null when that provider is not configured. */
    ttsFor(engine: TtsEngineName): TtsEngine | null {
      if (engine === 'espeak-ng') return offlineTts;
      return ttsProvider?.name === engine ? ttsProvider : null;
    },
    /** With a script the offline aligner times it exactly; without one only a provider can transcribe. */
    asrFor(script: string | null): AsrEngine | null {
      if (script) return aligner;
      return asrProvider;
    },
    transcribes: asrProvider !== null,
    /** The engine that transcribes audio without a script, when one is configured. */
    transcriber: asrProvider ? { name: asrProvider.name, offline: asrProvider.offline } : null,
  };
};
export type VoiceEngines = ReturnType<typeof createVoiceEngines>;
