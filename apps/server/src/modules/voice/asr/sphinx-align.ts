import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pinyin } from '../text/mandarin.js';
import type { TimedSegment } from '@app/contract';
import { hasCommand } from '../../../platform/system-packages.js';
import { makeWorkDir, releaseWorkDir } from '../../../platform/work-dirs.js';
import { runFfmpeg, runProgram } from '../audio.js';
import type { Cue } from '../text/cues.js';
import { verbalizeNumbers } from '../text/numbers.js';

/** Debian's pocketsphinx (0.8) and its only acoustic model, US English. */
const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us/en-us';
const FRAMES_PER_SECOND = 100;

export const sphinxAvailable = (): boolean => hasCommand('pocketsphinx_batch') && existsSync(MODEL_DIR);

const INITIALS: Record<string, string> = {
  b: 'B',
  p: 'P',
  m: 'M',
  f: 'F',
  d: 'D',
  t: 'T',
  n: 'N',
  l: 'L',
  g: 'G',
  k: 'K',
  h: 'HH',
  j: 'JH',
  q: 'CH',
  x: 'SH',
  zh: 'JH',
  ch: 'CH',
  sh: 'SH',
  r: 'R',
  z: 'Z',
  c: 'CH',
  s: 'S',
};
const FINALS: Record<string, string> = {
  a: 'AA',
  o: 'AO',
  e: 'AH',
  i: 'IY',
  u: 'UW',
  v: 'UW',
  ai: 'AY',
  ei: 'EY',
  ao: 'AW',
  ou: 'OW',
  an: 'AA N',
  en: 'AH N',
  ang: 'AA NG',
  eng: 'AH NG',
  ong: 'UH NG',
  er: 'ER',
  ia: 'Y AA',
  ie: 'Y EH',
  iao: 'Y AW',
  iu: 'Y OW',
  ian: 'Y EH N',
  in: 'IY N',
  iang: 'Y AA NG',
  ing: 'IY NG',
  iong: 'Y UH NG',
  ua: 'W AA',
  uo: 'W AO',
  uai: 'W AY',
  ui: 'W EY',
  uan: 'W AA N',
  un: 'W AH N',
  uang: 'W AA NG',
  ue: 'Y EH',
  ve: 'Y EH',
  van: 'Y UW AA N',
  vn: 'Y UW N',
  iou: 'Y OW',
  uei: 'W EY',
  uen: 'W AH N',
  ueng: 'W AH NG',
};

/**
 * A Mandarin syllable (toneless pinyin) as the nearest US English phones: enough for the English model to
 * find where each known syllable is, which is all alignment needs.
 */
const syllablePhones = (syllable: string): string => {
  const match = /^(zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(.*)$/.exec(syllable)!;
  let initial = match[1] ?? '';
  let final = match[2] ?? '';
  if ('jqxy'.includes(initial) && initial && final.startsWith('u')) final = `v${final.slice(1)}`;
  if (initial === 'y') {
    initial = '';
    if (!final.startsWith('i') && !final.startsWith('v')) final = `i${final}`;
  } else if (initial === 'w') {
    initial = '';
    if (final !== 'u') final = `u${final}`;
  }
  const vowel =
    final === 'i' && ['zh', 'ch', 'sh', 'r', 'z', 'c', 's'].includes(initial)
      ? 'ER'
      : (FINALS[final] ?? 'AH');
  return [INITIALS[initial], vowel].filter(Boolean).join(' ');
};

const syllablesOf = (text: string): string[] =>
  (pinyin(verbalizeNumbers(text), { toneType: 'none', type: 'array', v: true }) as string[]).filter((s) =>
    /^[a-zv]+$/.test(s),
  );

/**
 * Forced alignment with pocketsphinx: the script's syllables become a one-path grammar over a pinyin
 * dictionary, and the decoder's word segmentation gives when each syllable starts. Null when it cannot
 * align (a cue without Chinese, a decoder failure): the caller falls back to the pauses.
 */
export const sphinxAlign = async (
  audio: Buffer,
  cues: Cue[],
  signal?: AbortSignal,
): Promise<TimedSegment[] | null> => {
  const perCue = cues.map((cue) => syllablesOf(cue.speak));
  if (!perCue.length || perCue.some((s) => !s.length)) return null;
  const all = perCue.flat();
  const work = await makeWorkDir(tmpdir(), 'align');
  try {
    await runFfmpeg(['-i', 'pipe:0', '-ac', '1', '-ar', '16000', path.join(work, 'clip.wav')], audio, signal);
    await writeFile(path.join(work, 'clip.ctl'), 'clip\n');
    await writeFile(
      path.join(work, 'words.dict'),
      [...new Set(all)].map((s) => `${s} ${syllablePhones(s)}`).join('\n') + '\n',
    );
    await writeFile(
      path.join(work, 'script.gram'),
      `#JSGF V1.0;\ngrammar script;\npublic <s> = ${all.join(' ')};\n`,
    );
    await runProgram(
      'pocketsphinx_batch',
      [
        ...['-adcin', 'yes', '-cepdir', work, '-cepext', '.wav', '-ctl', path.join(work, 'clip.ctl')],
        ...[
          '-hmm',
          MODEL_DIR,
          '-dict',
          path.join(work, 'words.dict'),
          '-jsgf',
          path.join(work, 'script.gram'),
        ],
        // Every frame is kept: the decoder's voice activity detection drops long silences (all but 0.7 s of a
        // pause), and every time after a pause then comes out early by what it dropped (issue 38.5).
        ...['-remove_silence', 'no'],
        // Silence between any two syllables is likely (pauses, a dialogue's gaps): without it the decoder
        // may find no path through a long pause and align nothing.
        ...['-silprob', '0.1'],
        // Wide beams: with a one-path grammar, pruning is what makes forced alignment fail.
        ...['-beam', '1e-100', '-pbeam', '1e-100', '-wbeam', '1e-80', '-maxhmmpf', '-1'],
        ...['-hypseg', path.join(work, 'clip.seg'), '-logfn', '/dev/null'],
      ],
      null,
      signal,
    );
    // `clip S … T … A … L … <frame> <ascr> <lscr> <word> <frame> … <end frame>`: each word follows its start.
    const fields = (await readFile(path.join(work, 'clip.seg'), 'utf8')).trim().split(/\s+/);
    const tokens: { word: string; start: number }[] = [];
    for (let i = 9; i + 3 < fields.length; i += 4)
      tokens.push({ word: fields[i + 3]!, start: Number(fields[i]) });
    const endFrame = Number(fields.at(-1));
    const words = tokens
      .map((token, i) => ({ ...token, end: tokens[i + 1]?.start ?? endFrame }))
      .filter((token) => token.word !== '<sil>' && !token.word.startsWith('++') && token.word !== '(NULL)');
    if (words.length !== all.length || words.some((w, i) => w.word.replace(/\(\d+\)$/, '') !== all[i]))
      return null;
    let at = 0;
    return cues.map((cue, i) => {
      const first = words[at]!;
      at += perCue[i]!.length;
      const last = words[at - 1]!;
      return { start: first.start / FRAMES_PER_SECOND, end: last.end / FRAMES_PER_SECOND, text: cue.text };
    });
  } catch {
    return null;
  } finally {
    await releaseWorkDir(work);
  }
};
