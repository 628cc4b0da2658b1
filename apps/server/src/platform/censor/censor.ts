import { ALLOWED_PHRASES, SENSITIVE_WORDS } from './sensitive-words.js';
import { STOP_WORDS } from './stop-words.js';

/**
 * Text censor: an Aho–Corasick automaton over the sensitive-word list.
 *
 * The text is first turned into a stream of "letters": every code point is NFKC-normalised and
 * lower-cased (full-width Ａ → a, ｋ粉 → k粉), and filler characters (the stop-word list, white space,
 * invisible format characters, combining marks) are dropped but remembered, so a word split by
 * fillers (`赌 博`, `赌*博`, `毒。品`) is still one run of letters. Every letter keeps the UTF-16 span of
 * the original character it came from, so a match reports where it sits in the caller's text.
 */

export interface SensitiveMatch {
  /** The list entry that matched, as the operator wrote it. */
  word: string;
  /** UTF-16 offsets into the original text: `text.slice(start, end)` is the matched span, fillers included. */
  start: number;
  end: number;
}

export interface CensorConfig {
  /** Sensitive words; defaults to the seed list. */
  words?: Iterable<string>;
  /** Filler characters skipped between letters; defaults to STOP_WORDS. */
  stopWords?: Iterable<string>;
  /** Everyday phrases inside which a match is ignored (大麻烦 holds 大麻); defaults to ALLOWED_PHRASES. */
  allowed?: Iterable<string>;
  /**
   * Most filler characters allowed between two letters of one word. Beyond that the letters are
   * treated as unrelated, so `赌` at the end of one paragraph and `博` at the start of the next,
   * with a long run of spaces between, is not a match.
   */
  maxGap?: number;
}

export interface TextCensor {
  /** Every sensitive word in the text, overlapping matches included, ordered by start (longest first). */
  findSensitive(text: string): SensitiveMatch[];
  /** True when the text may be published. */
  isClean(text: string): boolean;
  /** The text with every matched span (fillers inside it included) replaced, one mask per code point. */
  mask(text: string, maskChar?: string): string;
  /** Replace any part of the configuration (operators edited the list); built first, then swapped in. */
  rebuild(config: CensorConfig): void;
  /** Number of distinct (normalised) words in the automaton. */
  readonly size: number;
}

interface Letter {
  cp: number;
  start: number;
  end: number;
  /** Fillers between this letter and the previous one. */
  gapBefore: number;
  /** The character right before / after this letter (no filler between) is an ASCII letter or digit. */
  prevAlnum: boolean;
  nextAlnum: boolean;
}

const DEFAULT_MAX_GAP = 5;
// Emoji (pictographs, skin tones, flag letters) are fillers: emoji are welcome in text, and `赌😀博` is still `赌博`.
const ALWAYS_FILLER = /^[\p{White_Space}\p{Cf}\p{Mn}\p{Me}\p{Cc}\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]$/u;
const ASCII_ALNUM = /^[a-z0-9]$/;

const normalizeChar = (ch: string): string => ch.normalize('NFKC').toLowerCase();

class Normalizer {
  private readonly stop: Set<string>;

  constructor(stopWords: Iterable<string>) {
    this.stop = new Set();
    for (const s of stopWords) {
      for (const ch of s) {
        this.stop.add(ch);
        this.stop.add(normalizeChar(ch));
      }
    }
  }

  private isFiller(ch: string): boolean {
    return this.stop.has(ch) || ALWAYS_FILLER.test(ch);
  }

  /** The letter stream of a text (see the file comment). */
  letters(text: string): Letter[] {
    const out: Letter[] = [];
    let offset = 0;
    let gap = 0;
    let lastWasLetter = false;
    for (const ch of text) {
      const start = offset;
      offset += ch.length;
      if (this.isFiller(ch)) {
        gap += 1;
        lastWasLetter = false;
        continue;
      }
      const normalized = normalizeChar(ch);
      let produced = false;
      for (const n of normalized) {
        if (this.isFiller(n)) continue;
        const alnum = ASCII_ALNUM.test(n);
        const prev = out[out.length - 1];
        const adjacent = lastWasLetter && prev !== undefined;
        if (adjacent) prev.nextAlnum = alnum;
        out.push({
          cp: n.codePointAt(0)!,
          start,
          end: offset,
          gapBefore: gap,
          prevAlnum: adjacent ? ASCII_ALNUM.test(String.fromCodePoint(prev.cp)) : false,
          nextAlnum: false,
        });
        gap = 0;
        lastWasLetter = true;
        produced = true;
      }
      if (!produced) {
        gap += 1;
        lastWasLetter = false;
      }
    }
    return out;
  }

  /** A dictionary entry as code points, fillers removed. */
  key(word: string): number[] {
    return this.letters(word).map((l) => l.cp);
  }
}

interface Hit {
  word: number;
  /** Letter indices, inclusive. */
  first: number;
  last: number;
}

/** A plain Aho–Corasick automaton over code points; outputs are indices into `entries`. */
class Automaton {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  private readonly out: number[][] = [[]];
  readonly entries: { word: string; length: number; alnumStart: boolean; alnumEnd: boolean }[] = [];

  constructor(words: Iterable<string>, normalizer: Normalizer) {
    const seen = new Set<string>();
    for (const word of words) {
      const key = normalizer.key(word);
      // Single letters would flag half of all ordinary text; the list is for words.
      if (key.length < 2) continue;
      const id = key.join(',');
      if (seen.has(id)) continue;
      seen.add(id);
      const index = this.entries.length;
      this.entries.push({
        word,
        length: key.length,
        alnumStart: ASCII_ALNUM.test(String.fromCodePoint(key[0]!)),
        alnumEnd: ASCII_ALNUM.test(String.fromCodePoint(key[key.length - 1]!)),
      });
      let node = 0;
      for (const cp of key) {
        let child = this.next[node]!.get(cp);
        if (child === undefined) {
          child = this.next.length;
          this.next.push(new Map());
          this.fail.push(0);
          this.out.push([]);
          this.next[node]!.set(cp, child);
        }
        node = child;
      }
      this.out[node]!.push(index);
    }
    // Breadth-first: a node's fail link points to the longest proper suffix that is also a prefix;
    // its outputs include those of that suffix, so one lookup per letter reports every word ending there.
    const queue: number[] = [];
    for (const child of this.next[0]!.values()) queue.push(child);
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      for (const [cp, child] of this.next[node]!) {
        let f = this.fail[node]!;
        while (f !== 0 && !this.next[f]!.has(cp)) f = this.fail[f]!;
        const target = this.next[f]!.get(cp);
        this.fail[child] = target !== undefined && target !== child ? target : 0;
        this.out[child]!.push(...this.out[this.fail[child]!]!);
        queue.push(child);
      }
    }
  }

  scan(letters: Letter[], maxGap: number): Hit[] {
    const hits: Hit[] = [];
    let node = 0;
    for (let i = 0; i < letters.length; i++) {
      const letter = letters[i]!;
      if (letter.gapBefore > maxGap) node = 0;
      while (node !== 0 && !this.next[node]!.has(letter.cp)) node = this.fail[node]!;
      node = this.next[node]!.get(letter.cp) ?? 0;
      for (const word of this.out[node]!) {
        hits.push({ word, first: i - this.entries[word]!.length + 1, last: i });
      }
    }
    return hits;
  }
}

interface Built {
  normalizer: Normalizer;
  sensitive: Automaton;
  allowed: Automaton;
  maxGap: number;
}

const build = (config: Required<CensorConfig>): Built => {
  const normalizer = new Normalizer(config.stopWords);
  return {
    normalizer,
    sensitive: new Automaton(config.words, normalizer),
    allowed: new Automaton(config.allowed, normalizer),
    maxGap: config.maxGap,
  };
};

const findIn = (built: Built, text: string): SensitiveMatch[] => {
  const letters = built.normalizer.letters(text);
  if (letters.length === 0) return [];
  const hits = built.sensitive.scan(letters, built.maxGap).filter((hit) => {
    const entry = built.sensitive.entries[hit.word]!;
    // A word starting or ending with a Latin letter or digit must not be glued to another one:
    // k粉 is a drug, but "ok粉丝" is not about it.
    if (entry.alnumStart && letters[hit.first]!.prevAlnum) return false;
    if (entry.alnumEnd && letters[hit.last]!.nextAlnum) return false;
    return true;
  });
  if (hits.length === 0) return [];
  const allowed = built.allowed.scan(letters, built.maxGap);
  const seen = new Set<string>();
  const matches: SensitiveMatch[] = [];
  for (const hit of hits) {
    if (allowed.some((a) => a.first <= hit.first && hit.last <= a.last)) continue;
    const match = {
      word: built.sensitive.entries[hit.word]!.word,
      start: letters[hit.first]!.start,
      end: letters[hit.last]!.end,
    };
    const id = `${match.word}\u0000${match.start}\u0000${match.end}`;
    if (seen.has(id)) continue;
    seen.add(id);
    matches.push(match);
  }
  return matches.sort((a, b) => a.start - b.start || b.end - a.end);
};

export const createCensor = (config: CensorConfig = {}): TextCensor => {
  let current: Required<CensorConfig> = {
    words: [...(config.words ?? SENSITIVE_WORDS)],
    stopWords: [...(config.stopWords ?? STOP_WORDS)],
    allowed: [...(config.allowed ?? ALLOWED_PHRASES)],
    maxGap: config.maxGap ?? DEFAULT_MAX_GAP,
  };
  let built = build(current);

  return {
    findSensitive: (text) => findIn(built, text),
    isClean: (text) => findIn(built, text).length === 0,
    mask: (text, maskChar = '*') => {
      const spans = findIn(built, text);
      if (spans.length === 0) return text;
      let result = '';
      let offset = 0;
      for (const ch of text) {
        const inside = spans.some((s) => s.start <= offset && offset < s.end);
        result += inside ? maskChar : ch;
        offset += ch.length;
      }
      return result;
    },
    rebuild: (update) => {
      const next: Required<CensorConfig> = {
        words: update.words ? [...update.words] : current.words,
        stopWords: update.stopWords ? [...update.stopWords] : current.stopWords,
        allowed: update.allowed ? [...update.allowed] : current.allowed,
        maxGap: update.maxGap ?? current.maxGap,
      };
      // Build before swapping: a failure leaves the old automaton serving, and readers never see half a build.
      const nextBuilt = build(next);
      current = next;
      built = nextBuilt;
    },
    get size() {
      return built.sensitive.entries.length;
    },
  };
};
