import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TimedSegment } from '@app/contract';
import type { Config } from '../../../config.js';
import { decodeToPcm } from '../audio.js';
import { SpeechProviderError } from '../provider-errors.js';
import type { AsrEngine } from './asr-engine.js';

export type SherpaModelType = NonNullable<Config['AI_ASR_MODEL_TYPE']>;

/** What the engine uses of `sherpa-onnx-node` (an optional dependency, loaded on first use). */
export interface SherpaModule {
  OfflineRecognizer: {
    createAsync(config: unknown): Promise<SherpaRecognizer>;
  };
}
interface SherpaRecognizer {
  createStream(): { acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void };
  decodeAsync(stream: unknown): Promise<SherpaResult>;
}
interface SherpaResult {
  text: string;
  tokens?: string[];
  timestamps?: number[];
}

const SAMPLE_RATE = 16000;
/** A pause between two tokens this long starts a new segment even without punctuation. */
const SEGMENT_PAUSE_SECONDS = 0.6;
const CLAUSE_END = /[，。！？；、,.!?;]$/;

/**
 * The files of a sherpa-onnx model directory, as sherpa-onnx's released models name them: `tokens.txt`
 * (`*-tokens.txt` for Whisper), and `encoder…`/`decoder…`/`joiner…` (transducer), `…encoder…`/`…decoder…`
 * (Whisper) or one `model…onnx` (int8 preferred) whose kind AI_ASR_MODEL_TYPE names when the directory's
 * name does not (`sense-voice`, `paraformer`). Throws a message that says what is missing.
 */
export const modelConfigOf = async (
  dir: string,
  type?: SherpaModelType,
): Promise<Record<string, unknown>> => {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    throw new Error(`AI_ASR_MODEL_DIR ${dir} cannot be read`);
  }
  const onnx = names.filter((n) => n.endsWith('.onnx')).sort((a, b) => rank(a) - rank(b));
  const pick = (part: string) => onnx.find((n) => n.includes(part));
  const file = (name: string | undefined) => (name ? path.join(dir, name) : undefined);
  const tokens = names.find((n) => n === 'tokens.txt') ?? names.find((n) => n.endsWith('tokens.txt'));
  if (!tokens) throw new Error(`AI_ASR_MODEL_DIR ${dir} has no tokens.txt`);
  const [encoder, decoder, joiner] = [pick('encoder'), pick('decoder'), pick('joiner')];
  const single = onnx.find((n) => /^model/.test(n));
  const lowerDir = path.basename(path.resolve(dir)).toLowerCase();
  const kind: SherpaModelType | undefined =
    type ??
    (joiner
      ? 'transducer'
      : encoder && decoder
        ? 'whisper'
        : lowerDir.includes('sense-voice') || lowerDir.includes('sensevoice')
          ? 'sense-voice'
          : lowerDir.includes('paraformer')
            ? 'paraformer'
            : undefined);
  if (!kind)
    throw new Error(
      `AI_ASR_MODEL_DIR ${dir}: cannot tell the kind of model from its files; set AI_ASR_MODEL_TYPE`,
    );
  const need = (what: string, name: string | undefined) => {
    if (!name) throw new Error(`AI_ASR_MODEL_DIR ${dir} has no ${what} for a ${kind} model`);
    return file(name)!;
  };
  const model = (() => {
    switch (kind) {
      case 'transducer':
        return {
          transducer: {
            encoder: need('encoder*.onnx', encoder),
            decoder: need('decoder*.onnx', decoder),
            joiner: need('joiner*.onnx', joiner),
          },
        };
      case 'whisper':
        return {
          whisper: {
            encoder: need('*encoder*.onnx', encoder),
            decoder: need('*decoder*.onnx', decoder),
            language: 'zh',
            task: 'transcribe',
          },
        };
      case 'sense-voice':
        return {
          senseVoice: {
            model: need('model*.onnx', single),
            language: 'auto',
            useInverseTextNormalization: 1,
          },
        };
      case 'paraformer':
        return { paraformer: { model: need('model*.onnx', single) } };
      case 'zipformer-ctc':
        return { zipformerCtc: { model: need('model*.onnx', single) } };
      case 'nemo-ctc':
        return { nemoCtc: { model: need('model*.onnx', single) } };
      case 'tdnn':
        return { tdnn: { model: need('model*.onnx', single) } };
    }
  })();
  return {
    featConfig: { sampleRate: SAMPLE_RATE, featureDim: kind === 'tdnn' ? 23 : 80 },
    modelConfig: { ...model, tokens: file(tokens), numThreads: 1, provider: 'cpu', debug: 0 },
  };
};

/** int8 models first (smaller and faster on a CPU), then the rest by name. */
const rank = (name: string) => (name.includes('int8') ? 0 : 1);

/**
 * Segments from a recognition result: token times cut at clause punctuation and at long pauses; one segment
 * over the whole clip when the model gives no token times.
 */
export const segmentsOf = (result: SherpaResult, duration: number): TimedSegment[] => {
  const tokens = result.tokens ?? [];
  const times = result.timestamps ?? [];
  if (!tokens.length || tokens.length !== times.length)
    return result.text.trim() ? [{ start: 0, end: duration, text: result.text.trim() }] : [];
  const segments: TimedSegment[] = [];
  let current: { start: number; text: string } | null = null;
  tokens.forEach((token, i) => {
    const at = times[i]!;
    if (current && at - times[i - 1]! > SEGMENT_PAUSE_SECONDS) {
      segments.push({ start: current.start, end: times[i - 1]! + 0.3, text: current.text });
      current = null;
    }
    current ??= { start: at, text: '' };
    // BPE pieces mark a word start with ▁; Chinese tokens join without spaces.
    const piece = token.replace(/^▁/, current.text && token.startsWith('▁') ? ' ' : '');
    current.text += piece;
    if (CLAUSE_END.test(token.trim())) {
      segments.push({ start: current.start, end: times[i + 1] ?? duration, text: current.text });
      current = null;
    }
  });
  const last = current as { start: number; text: string } | null;
  if (last) segments.push({ start: last.start, end: duration, text: last.text });
  return segments.filter((s) => s.text.trim());
};

const loadSherpa = async (): Promise<SherpaModule> => {
  try {
    // A name in a variable: the package is optional and has no type declarations.
    const name = 'sherpa-onnx-node';
    const loaded = (await import(name)) as SherpaModule & { default?: SherpaModule };
    return loaded.default ?? loaded;
  } catch (error) {
    throw new Error(
      `the optional package sherpa-onnx-node is not installed for this platform (${String(error).slice(0, 200)})`,
    );
  }
};

/**
 * Transcription on this server with sherpa-onnx (`sherpa-onnx-node`, Apache-2.0, prebuilt for linux-x64 inside
 * its npm package) and a model directory the operator provides (AI_ASR_MODEL_DIR). Nothing is ever
 * downloaded. The model is loaded once, on the first request; a directory it cannot use refuses requests
 * with the reason (`check`).
 */
export const createSherpaOnnxAsrEngine = (options: {
  modelDir: string;
  modelType?: SherpaModelType;
  timeoutMs: number;
  /** Tests pass a loader that fails like a platform without the package. */
  load?: () => Promise<SherpaModule>;
}): AsrEngine => {
  let recognizer: Promise<SherpaRecognizer> | undefined;
  const ready = () =>
    (recognizer ??= (async () => {
      const config = await modelConfigOf(options.modelDir, options.modelType);
      const sherpa = await (options.load ?? loadSherpa)();
      try {
        return await sherpa.OfflineRecognizer.createAsync(config);
      } catch (error) {
        throw new Error(`AI_ASR_MODEL_DIR ${options.modelDir}: ${(error as Error).message}`);
      }
    })().catch((error: unknown) => {
      recognizer = undefined; // an operator may fix the directory without a restart
      throw new SpeechProviderError((error as Error).message, true);
    }));

  return {
    name: 'sherpa-onnx',
    offline: true,
    needsScript: false,
    async check() {
      await ready();
    },
    async transcribe({ audio, duration, signal }) {
      const model = await ready();
      const pcm = await decodeToPcm(audio, signal, SAMPLE_RATE);
      const samples = new Float32Array(pcm.length >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768;
      const stream = model.createStream();
      stream.acceptWaveform({ samples, sampleRate: SAMPLE_RATE });
      const result = await Promise.race([
        model.decodeAsync(stream),
        new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new SpeechProviderError('sherpa-onnx: timeout')),
            options.timeoutMs,
          ).unref(),
        ),
      ]);
      return segmentsOf(result, duration || samples.length / SAMPLE_RATE);
    },
  };
};
