import type { TimedSegment } from '@app/contract';
import { buildCues } from './cue-builder.js';

interface CharTime {
  char: string;
  start: number;
  end: number;
  speaker?: string;
}

/** Characters that carry speech (spaces and punctuation are not said, so they have no time of their own). */
const said = (char: string) => !/[\s\p{P}\p{S}]/u.test(char);

/** Each said character of the timed speech with when it is said (its piece's span shared out evenly). */
const timeline = (spoken: readonly TimedSegment[]): CharTime[] =>
  spoken.flatMap((piece) => {
    const chars = [...piece.text].filter(said);
    const step = (piece.end - piece.start) / Math.max(1, chars.length);
    return chars.map((char, k) => ({
      char,
      start: piece.start + step * k,
      end: piece.start + step * (k + 1),
      ...(piece.speaker ? { speaker: piece.speaker } : {}),
    }));
  });

/** Longest texts compared character by character (a 2000 × 2000 table); longer ones are matched by position. */
const ALIGN_CELLS = 4_000_000;

/**
 * For each character of `edited`, the index of the character of `original` it stands for (longest common
 * subsequence), or -1 for a character the edit added.
 */
const align = (original: string[], edited: string[]): number[] => {
  const n = original.length;
  const m = edited.length;
  if (!n || !m) return edited.map(() => -1);
  if ((n + 1) * (m + 1) > ALIGN_CELLS) return edited.map((_, j) => Math.min(n - 1, Math.floor((j * n) / m)));
  const width = m + 1;
  const table = new Uint16Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      table[i * width + j] =
        original[i] === edited[j]
          ? table[(i + 1) * width + j + 1]! + 1
          : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
  const out = edited.map(() => -1);
  for (let i = 0, j = 0; i < n && j < m;) {
    if (original[i] === edited[j]) {
      out[j] = i;
      i += 1;
      j += 1;
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) i += 1;
    else j += 1;
  }
  return out;
};

/** `甲：你好` → speaker 甲 when 甲 is one of the speakers; the line itself otherwise. */
const speakerPrefix = (line: string, speakers: Set<string>) => {
  const match = /^\s*([^：:\s]{1,16})\s*[：:]\s*(.*)$/su.exec(line);
  return match && speakers.has(match[1]!)
    ? { speaker: match[1]!, text: match[2]! }
    : { speaker: '', text: line };
};

/**
 * Subtitle lines the user edited, timed again from the speech itself: every edited character is matched to
 * the character it stands for in the original timed speech (our voice's own cue timings, or the alignment or
 * transcription timestamps), so a cue starts when its first word is said and ends when its last one is, however
 * the text around it changed; words the edit added take the time between their neighbours. The cue rules
 * (0.8–7 s, breaks between words, a long pause ends a cue) are applied again. Nothing drifts: an edit of one
 * line moves no other line.
 */
export const reanchorCues = (spoken: readonly TimedSegment[], lines: readonly string[]): TimedSegment[] => {
  const times = timeline(spoken);
  const speakers = new Set(spoken.flatMap((s) => (s.speaker ? [s.speaker] : [])));
  const parsed = lines.map((line) => speakerPrefix(line, speakers)).filter((l) => [...l.text].some(said));
  const editedChars = parsed.flatMap((line, lineIndex) =>
    [...line.text].filter(said).map((char) => ({ char, lineIndex })),
  );
  const matches = align(
    times.map((t) => t.char),
    editedChars.map((c) => c.char),
  );
  // Times of the edited characters: their original's, or shared out between the matched neighbours.
  const at: { start: number; end: number; speaker?: string }[] = [];
  const first = times[0]?.start ?? 0;
  const last = times[times.length - 1]?.end ?? first;
  for (let j = 0; j < editedChars.length;) {
    const match = matches[j]!;
    if (match >= 0) {
      at.push(times[match]!);
      j += 1;
      continue;
    }
    let k = j;
    while (k < editedChars.length && matches[k]! < 0) k += 1;
    const from = j > 0 ? at[j - 1]!.end : first;
    const to = k < editedChars.length ? times[matches[k]!]!.start : last;
    const step = Math.max(0, to - from) / (k - j);
    for (let x = j; x < k; x += 1) at.push({ start: from + step * (x - j), end: from + step * (x - j + 1) });
    j = k;
  }
  const segments: TimedSegment[] = [];
  parsed.forEach((line, lineIndex) => {
    const own = at.filter((_, j) => editedChars[j]!.lineIndex === lineIndex);
    if (!own.length) return;
    const votes = new Map<string, number>();
    for (const t of own) if (t.speaker) votes.set(t.speaker, (votes.get(t.speaker) ?? 0) + 1);
    const speaker = line.speaker || [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    segments.push({
      start: own[0]!.start,
      end: Math.max(own[0]!.start, own[own.length - 1]!.end),
      text: line.text.trim(),
      ...(speaker ? { speaker } : {}),
    });
  });
  // Built as the task's own cues were (no window end), so unedited lines come out exactly as they were.
  return buildCues(segments);
};
