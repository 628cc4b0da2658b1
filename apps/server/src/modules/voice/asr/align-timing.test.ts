import { describe, expect, it } from 'vitest';
import type { TimedSegment } from '@app/contract';
import { decodeToPcm, detectSilences, pcmSeconds, type Interval } from '../audio.js';
import { testVoice } from '../test-audio.js';
import { createEspeakEngine } from '../tts/espeak-engine.js';
import { scriptItems, type ScriptLine } from '../tts/script.js';
import { speakItems } from '../tts/synthesize.js';
import { createAlignEngine, snapToPauses } from './align-engine.js';

/** How far a cue may start or end from the speech it shows (issue 38: 0.4–0.5 s early after a pause). */
const TOLERANCE_SECONDS = 0.15;

const espeak = createEspeakEngine();
const VOICES = [
  testVoice(),
  testVoice({ voice: 'cmn+m3', gender: 'male' }),
  testVoice({ voice: 'cmn+f4', speed: 160 }),
];

/** Speech as silencedetect hears it: the stretches between silences of at least 0.25 s. */
const speechOf = async (audio: Buffer): Promise<Interval[]> => {
  const pcm = await decodeToPcm(audio);
  const silences = await detectSilences(pcm, { noiseDb: -40, minSeconds: 0.25 });
  const spans: Interval[] = [];
  let at = 0;
  for (const s of [...silences, { start: pcmSeconds(pcm), end: pcmSeconds(pcm) }]) {
    if (s.start - at > 0.05) spans.push({ start: at, end: s.start });
    at = s.end;
  }
  return spans;
};

const overlap = (a: Interval, b: Interval) => Math.min(a.end, b.end) - Math.max(a.start, b.start);

describe(
  'audio to subtitles with the script, over offline dubbings with pauses',
  { timeout: 120_000 },
  () => {
    it.each([
      { speed: 80, pauses: [0.3, 3.0] },
      { speed: 100, pauses: [1.5, 0.5] },
      { speed: 150, pauses: [1.0, 0.3] },
    ])('at $speed %: every cue starts and ends within 0.15 s of its speech', async ({ speed, pauses }) => {
      const texts = ['今天天气很好。', '我们去西湖散步吧。', '好的我马上出发。'];
      const lines: ScriptLine[] = texts.map((text, i) => ({
        speaker: `S${i % VOICES.length}`,
        voice: VOICES[i % VOICES.length]!,
        engine: espeak,
        speed,
        text: i < pauses.length ? `${text}[${pauses[i]!.toFixed(1)}s]` : text,
      }));
      // The dubbing as the app makes it: the AI rhythm prompt first, then the lines and their pauses.
      const dubbing = await speakItems(scriptItems(lines), { leadIn: 'rhythm' });
      const segments: TimedSegment[] = await createAlignEngine({ sphinx: true }).transcribe({
        audio: dubbing.audio,
        mime: 'audio/mpeg',
        duration: dubbing.duration,
        script: texts.join('\n'),
        publicUrl: null,
      });
      expect(segments.map((s) => s.text)).toEqual(texts.map((t) => t.replace('。', '')));
      const speech = await speechOf(dubbing.audio);
      for (const cue of segments) {
        const heard = speech.reduce((best, s) => (overlap(s, cue) > overlap(best, cue) ? s : best));
        expect(Math.abs(cue.start - heard.start), `${cue.text} starts`).toBeLessThanOrEqual(
          TOLERANCE_SECONDS,
        );
        expect(Math.abs(cue.end - heard.end), `${cue.text} ends`).toBeLessThanOrEqual(TOLERANCE_SECONDS);
      }
    });
  },
);

describe('cue edges put on the pauses', () => {
  it('moves a start out of a pause or just after one, an end onto the pause after it; order is kept', () => {
    const silences = [
      { start: 0, end: 0.5 },
      { start: 2.0, end: 3.5 },
      { start: 5.0, end: 5.2 },
    ];
    const cues = [
      { start: 0.62, end: 1.8, text: '一' }, // late start, early end: both 0.12–0.2 s from the pauses
      { start: 2.6, end: 5.1, text: '二' }, // starts inside the long pause, ends inside the short one
      { start: 5.6, end: 6.4, text: '三' }, // 0.4 s from any pause: left as the decoder timed it
    ];
    expect(snapToPauses(cues, silences)).toEqual([
      { start: 0.5, end: 2.0, text: '一' },
      { start: 3.5, end: 5.0, text: '二' },
      { start: 5.6, end: 6.4, text: '三' },
    ]);
  });
});
