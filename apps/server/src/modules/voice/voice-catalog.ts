import { createHash } from 'node:crypto';
import {
  applyReadingFixes,
  DUB_PREVIEW_MAX,
  stripDubMarks,
  TTS_DEFAULT_MAX_CHARS,
  type DubLine,
  type Locale,
  type ReadingFix,
  type TtsVoice,
  type VoiceOptions,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { getAppConfig } from '../dictionary/index.js';
import type { VoiceEngines } from './engines.js';
import type { VoiceRepositories } from './voice.repository.js';
import { charReadings } from './text/char-readings.js';
import { scriptItems } from './tts/script.js';
import { speakItems, synthesizeSpeech } from './tts/synthesize.js';
import { ttsVoices } from './tts/voices.js';

/** What a voice sample says (about three seconds), by language. */
const PREVIEW_TEXT: Record<string, string> = {
  zh: '你好，我来为你的作品配音。',
  en: 'Hello, I will voice your story.',
  es: 'Hola, pondré voz a tu historia.',
  fr: 'Bonjour, je prête ma voix à votre histoire.',
};

/** Where voice samples and line previews are kept in the file store (private: served only through the API). */
const VOICE_CACHE_FOLDER = 'cache/voice';
const digestOf = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 24);
/** The file store key of a voice's sample at a speed (changes when the voice's settings do). */
export const voiceSampleKey = (voice: TtsVoice, speed: number) =>
  `${VOICE_CACHE_FOLDER}/sample-${digestOf([voice, speed])}.mp3`;

/**
 * The voices a user may dub with, checked per request and per script line, their free samples and line
 * previews (made once, cached in the file store), the user's reading dictionary, and the censor of a text.
 */
export const createVoiceCatalog = (deps: {
  store: VoiceRepositories;
  /** The dictionary module's reads (the voices and the prices) take it. */
  db: Db;
  storage: Pick<FileStorage, 'read' | 'backend'>;
  censor: { censorText(text: string, tenantId?: number): Promise<{ ok: boolean }> };
  engines: VoiceEngines;
}) => {
  const { db, storage, engines } = deps;
  const { readingFixes: fixRepo } = deps.store.repos;
  const voicesOf = (tenantId: number, locale?: Locale) => ttsVoices(db, tenantId, locale);

  /**
   * Audio made once and kept in the file store under a key naming what it is (a voice sample, a line preview):
   * every later request, from any process, is answered from the store.
   */
  const cachedAudio = async (key: string, make: () => Promise<Buffer>): Promise<Buffer> => {
    const stored = await storage.read(key, 'private').catch(() => null);
    if (stored) {
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
    const audio = await make();
    await storage.backend.put(key, 'private', audio, 'audio/mpeg');
    return audio;
  };

  /** The voice a request names, checked for the caller's membership and availability. */
  const voiceFor = async ({ tenantId, vip }: Actor, value: string) => {
    const voice = (await voicesOf(tenantId)).find((v) => v.value === value);
    if (!voice) throw badRequest('tts_voice_unknown');
    if (voice.data.vipOnly && !vip) throw forbidden('tts_voice_vip_only');
    const engine = engines.ttsFor(voice.data.engine);
    if (!engine) throw new AppError(503, 'tts_provider_not_configured', { provider: voice.data.engine });
    return { ...voice, engine };
  };

  /** A script's lines with the user's dictionary applied, each with its voice checked and within its limit. */
  const resolveLines = async (actor: Actor, lines: DubLine[]) => {
    const fixes = await fixRepo.list(actor.tenantId, actor.uid);
    const voices = new Map<string, Awaited<ReturnType<typeof voiceFor>>>();
    const resolved = [];
    for (const line of lines) {
      let voice = voices.get(line.voice);
      if (!voice) {
        voice = await voiceFor(actor, line.voice);
        voices.set(line.voice, voice);
      }
      const maxChars = voice.data.maxChars ?? TTS_DEFAULT_MAX_CHARS;
      if ([...stripDubMarks(line.text)].length > maxChars)
        throw badRequest('tts_text_too_long', { max: maxChars });
      resolved.push({ ...line, text: applyReadingFixes(line.text, fixes), voice });
    }
    return resolved;
  };

  const checkText = async (text: string, tenantId: number) => {
    if (!(await deps.censor.censorText(text, tenantId)).ok) throw badRequest('voice_content_rejected');
  };

  return {
    voiceFor,
    resolveLines,
    checkText,

    async options({ tenantId, locale }: Actor): Promise<VoiceOptions> {
      const [voices, config] = await Promise.all([voicesOf(tenantId, locale), getAppConfig(db, tenantId)]);
      return {
        // A voice whose engine this server cannot run is not offered (its setup is the console's business).
        voices: voices
          .filter(({ data }) => engines.ttsFor(data.engine) !== null)
          .map(({ value, label, data }) => ({
            value,
            label,
            engine: data.engine,
            lang: data.lang,
            gender: data.gender,
            vipOnly: data.vipOnly,
            description: data.description,
            maxChars: data.maxChars ?? TTS_DEFAULT_MAX_CHARS,
            available: engines.ttsFor(data.engine) !== null,
            offline: engines.ttsFor(data.engine)?.offline ?? false,
          })),
        goldPerWord: config.prices.goldPerDubWord,
        goldPerSubtitleMinute: config.prices.goldPerSubtitleMinute,
        transcribes: engines.transcribes,
      };
    },

    /** A short sample of a voice at a speed (MP3), made once and cached; free. */
    async preview(actor: Actor, value: string, speed: number): Promise<Buffer> {
      const voice = await voiceFor(actor, value);
      return cachedAudio(voiceSampleKey(voice.data, speed), async () => {
        const sample = PREVIEW_TEXT[voice.data.lang.slice(0, 2)] ?? PREVIEW_TEXT.zh!;
        return (await synthesizeSpeech(voice.engine, { text: sample, voice: voice.data, speed })).audio;
      });
    },

    /** A script as one readable text (what the list shows and the censor reads): `甲：…` per line. */
    scriptText(lines: Pick<DubLine, 'speaker' | 'text'>[]) {
      return lines.map((l) => `${l.speaker ? `${l.speaker}：` : ''}${stripDubMarks(l.text)}`).join('\n');
    },

    /** One line spoken before paying for the whole: free, short, cached by its content. */
    async previewLine(actor: Actor, body: DubLine): Promise<Buffer> {
      if ([...stripDubMarks(body.text)].length > DUB_PREVIEW_MAX)
        throw badRequest('tts_preview_too_long', { max: DUB_PREVIEW_MAX });
      const [line] = await resolveLines(actor, [body]);
      await checkText(stripDubMarks(body.text), actor.tenantId);
      const items = scriptItems([
        { ...line!, voice: line!.voice.data, engine: line!.voice.engine, speaker: '' },
      ]);
      if (!items.some((item) => item.kind === 'speech')) throw badRequest('tts_text_empty');
      const key = `${VOICE_CACHE_FOLDER}/line-${digestOf([line!.voice.data, line!.speed, line!.text])}.mp3`;
      return cachedAudio(key, async () => (await speakItems(items)).audio);
    },

    /** Readings of a text's characters for the editor's picker. */
    pinyin(text: string) {
      return { chars: charReadings(text) };
    },

    async readingFixes({ tenantId, uid }: Actor): Promise<{ items: ReadingFix[] }> {
      return { items: await fixRepo.list(tenantId, uid) };
    },

    removeReadingFix({ tenantId, uid }: Actor, word: string, at: number) {
      return fixRepo.remove(tenantId, uid, word, at);
    },
  };
};
export type VoiceCatalog = ReturnType<typeof createVoiceCatalog>;
