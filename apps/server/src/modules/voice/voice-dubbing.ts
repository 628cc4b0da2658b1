import {
  countBillableWords,
  stripDubMarks,
  TTS_DEFAULT_MAX_CHARS,
  TTS_TEXT_MAX,
  type DubLine,
  type TtsAddBody,
} from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import { getAppConfig } from '../dictionary/index.js';
import { cleanForSpeech } from './text/clean.js';
import { splitIntoCues } from './text/cues.js';
import { fixesOfLines } from './text/reading-fixes.js';
import { scriptItems } from './tts/script.js';
import type { VoiceAccept } from './voice-accept.js';
import type { VoiceCatalog } from './voice-catalog.js';

/** 配音: a dubbing of one text in one voice, or of a script of lines (the editor), priced per word (spec §9). */
export const createVoiceDubbing = (deps: {
  /** The dictionary module reads the prices and task limits with it. */
  db: Db;
  clock: Clock;
  voices: Pick<VoiceCatalog, 'voiceFor' | 'resolveLines' | 'scriptText' | 'checkText'>;
  accept: VoiceAccept;
}) => {
  const { db, clock, voices, accept } = deps;

  /**
   * Accepts a dubbing made from a script of lines (the editor): each line's voice checked, the user's reading
   * dictionary applied and the script's own fixes added to it (same transaction as the task and its gold).
   */
  const addScript = async (actor: Actor, body: { lines: DubLine[] }) => {
    const { tenantId, uid } = actor;
    const lines = await voices.resolveLines(actor, body.lines);
    const text = voices.scriptText(lines);
    if ([...text].length > TTS_TEXT_MAX) throw badRequest('tts_text_too_long', { max: TTS_TEXT_MAX });
    const items = scriptItems(lines.map((l) => ({ ...l, voice: l.voice.data, engine: l.voice.engine })));
    if (!items.some((item) => item.kind === 'speech')) throw badRequest('tts_text_empty');
    await voices.checkText(text, tenantId);
    const { prices, taskLimits } = await getAppConfig(db, tenantId);
    const words = lines.reduce((n, l) => n + countBillableWords(cleanForSpeech(stripDubMarks(l.text))), 0);
    const labels = [...new Set(lines.map((l) => l.voice.label))];
    const first = lines[0]!;
    const task = await accept.accept(
      actor,
      'tts',
      taskLimits,
      {
        text,
        script: lines.map((l) => ({
          speaker: l.speaker,
          voice: l.voice.value,
          speed: l.speed,
          text: l.text,
        })),
        voice: first.voice.value,
        voiceLabel: labels.join(' / '),
        speed: first.speed,
        cost: words * prices.goldPerDubWord,
        engine: first.voice.engine.name,
        offline: lines.every((l) => l.voice.engine.offline),
      },
      'ai_dubbing',
      ({ readingFixes }) => readingFixes.upsert(tenantId, uid, fixesOfLines(body.lines), clock.now()),
    );
    return accept.enqueueTts(actor, task, {
      taskId: task.id,
      voice: first.voice.data,
      voices: Object.fromEntries(lines.map((l) => [l.voice.value, l.voice.data])),
    });
  };

  return {
    addScript,

    /** Accepts a dubbing: checks, reserves the gold (per word, spec §9) and queues the job. */
    async addTts(actor: Actor, body: TtsAddBody) {
      if (body.lines) return addScript(actor, { lines: body.lines });
      const { tenantId } = actor;
      const voice = await voices.voiceFor(actor, body.voice);
      const maxChars = voice.data.maxChars ?? TTS_DEFAULT_MAX_CHARS;
      if ([...body.text].length > maxChars) throw badRequest('tts_text_too_long', { max: maxChars });
      const spoken = cleanForSpeech(body.text);
      if (!splitIntoCues(spoken).length) throw badRequest('tts_text_empty');
      await voices.checkText(body.text, tenantId);
      const { prices, taskLimits } = await getAppConfig(db, tenantId);
      const task = await accept.accept(
        actor,
        'tts',
        taskLimits,
        {
          text: body.text,
          voice: voice.value,
          voiceLabel: voice.label,
          speed: body.speed,
          cost: countBillableWords(spoken) * prices.goldPerDubWord,
          engine: voice.engine.name,
          offline: voice.engine.offline,
        },
        'ai_dubbing',
      );
      return accept.enqueueTts(actor, task, { taskId: task.id, voice: voice.data });
    },
  };
};
