import type { TimedSegment } from '@app/contract';
import { decodeToPcm, detectSilences, pcmSeconds, type Interval } from '../audio.js';
import { cleanForSpeech } from '../text/clean.js';
import { splitIntoCues, textWidth } from '../text/cues.js';
import type { AsrEngine } from './asr-engine.js';
import { sphinxAlign, sphinxAvailable } from './sphinx-align.js';

/** Cost of placing a cue boundary inside speech rather than in a pause (seconds of misplacement). */
const UNMATCHED_BOUNDARY_COST = 1;
/** Cost per second of a pause left inside a cue (long pauses are likely boundaries). */
const SKIPPED_PAUSE_COST = 0.4;

/**
 * Times a known script against speech: the script is cut into cues, the pauses of the audio are found with
 * ffmpeg's silencedetect, and each boundary between cues is matched to a pause near where the speaking rate
 * puts it (a small dynamic programme: boundaries in order, each pause used once or left inside a cue).
 */
export const alignScript = (script: string, silences: Interval[], duration: number): TimedSegment[] => {
  const cues = splitIntoCues(cleanForSpeech(script));
  if (!cues.length) return [];
  const leading = silences.find((s) => s.start <= 0.01);
  const trailing = silences.find((s) => s.end >= duration - 0.01 && s !== leading);
  const speechStart = leading ? leading.end : 0;
  const speechEnd = trailing ? trailing.start : duration;
  const gaps = silences.filter(
    (s) => s !== leading && s !== trailing && s.start > speechStart && s.end < speechEnd,
  );
  const speaking = Math.max(
    0.001,
    speechEnd - speechStart - gaps.reduce((sum, g) => sum + (g.end - g.start), 0),
  );

  // Speech time (pauses excluded) → clock time.
  const clockAt = (speechSeconds: number) => {
    let t = speechStart + speechSeconds;
    for (const gap of gaps) if (gap.start < t) t += gap.end - gap.start;
    return Math.min(t, speechEnd);
  };
  const widths = cues.map((cue) => Math.max(0.5, textWidth(cue.speak)));
  const total = widths.reduce((a, b) => a + b, 0);
  const estimates: number[] = [];
  let acc = 0;
  for (let i = 0; i < cues.length - 1; i += 1) {
    acc += widths[i]!;
    estimates.push(clockAt((speaking * acc) / total));
  }

  // cost[i][j]: best placement of the first i boundaries using pauses among the first j.
  const B = estimates.length;
  const G = gaps.length;
  const cost = Array.from({ length: B + 1 }, () => new Array<number>(G + 1).fill(Infinity));
  const step = Array.from({ length: B + 1 }, () => new Array<'assign' | 'skip' | 'free'>(G + 1).fill('skip'));
  cost[0]![0] = 0;
  for (let i = 0; i <= B; i += 1) {
    for (let j = 0; j <= G; j += 1) {
      if (i === 0 && j === 0) continue;
      const options: [number, 'assign' | 'skip' | 'free'][] = [];
      if (i > 0 && j > 0) {
        const mid = (gaps[j - 1]!.start + gaps[j - 1]!.end) / 2;
        options.push([cost[i - 1]![j - 1]! + Math.abs(estimates[i - 1]! - mid), 'assign']);
      }
      if (j > 0)
        options.push([
          cost[i]![j - 1]! + SKIPPED_PAUSE_COST * Math.min(1, gaps[j - 1]!.end - gaps[j - 1]!.start),
          'skip',
        ]);
      if (i > 0) options.push([cost[i - 1]![j]! + UNMATCHED_BOUNDARY_COST, 'free']);
      const best = options.reduce((a, b) => (b[0] < a[0] ? b : a));
      cost[i]![j] = best[0];
      step[i]![j] = best[1];
    }
  }
  const boundaries: { end: number; start: number }[] = new Array(B);
  for (let i = B, j = G; i > 0 || j > 0;) {
    const move = step[i]![j]!;
    if (move === 'assign') {
      boundaries[i - 1] = { end: gaps[j - 1]!.start, start: gaps[j - 1]!.end };
      i -= 1;
      j -= 1;
    } else if (move === 'free') {
      boundaries[i - 1] = { end: estimates[i - 1]!, start: estimates[i - 1]! };
      i -= 1;
    } else j -= 1;
  }
  return cues.map((cue, i) => ({
    start: round(i === 0 ? speechStart : boundaries[i - 1]!.start),
    end: round(i === cues.length - 1 ? speechEnd : boundaries[i]!.end),
    text: cue.text,
  }));
};

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** How far a decoder's cue edge may be from a pause's edge and still be moved onto it. */
const SNAP_SECONDS = 0.3;

/**
 * Puts each cue's edges on the speech's own: a start inside a pause, or just after one, moves to where the
 * pause ends; an end inside a pause, or just before one, to where it starts (the decoder's phone boundaries
 * are a few frames off at a quiet onset such as h or f). Cues stay in order and never shrink to nothing.
 */
export const snapToPauses = (segments: TimedSegment[], silences: Interval[]): TimedSegment[] => {
  const near = (t: number, edge: (s: Interval) => number) => {
    const inside = silences.find((s) => s.start <= t && t < s.end);
    if (inside) return inside;
    const close = silences.filter((s) => Math.abs(edge(s) - t) <= SNAP_SECONDS);
    return close.sort((a, b) => Math.abs(edge(a) - t) - Math.abs(edge(b) - t))[0];
  };
  let previousEnd = 0;
  return segments.map((cue) => {
    const pauseBefore = near(cue.start, (s) => s.end);
    const pauseAfter = near(cue.end, (s) => s.start);
    let start = pauseBefore && pauseBefore.end < cue.end ? pauseBefore.end : cue.start;
    let end = pauseAfter && pauseAfter.start > start ? pauseAfter.start : cue.end;
    start = Math.max(start, previousEnd);
    if (end <= start) [start, end] = [Math.max(cue.start, previousEnd), Math.max(cue.end, previousEnd)];
    previousEnd = end;
    return { ...cue, start: round(start), end: round(end) };
  });
};

/**
 * The offline engine: aligns the given script (no Chinese speech model ships in a package to transcribe).
 * With Debian's pocketsphinx installed each cue is timed by forced alignment of its syllables, its edges then
 * put on the pauses' (silencedetect); without it, or when it cannot align, by the pauses of the audio alone.
 */
export const createAlignEngine = (options: { sphinx?: boolean } = {}): AsrEngine => ({
  name: 'align',
  offline: true,
  needsScript: true,
  async transcribe({ audio, script, signal }) {
    const pcm = await decodeToPcm(audio, signal);
    const silences = await detectSilences(pcm, { noiseDb: -35, minSeconds: 0.1, signal });
    if (options.sphinx ?? sphinxAvailable()) {
      const aligned = await sphinxAlign(audio, splitIntoCues(cleanForSpeech(script ?? '')), signal);
      if (aligned) return snapToPauses(aligned, silences);
    }
    return alignScript(script ?? '', silences, pcmSeconds(pcm));
  },
});
