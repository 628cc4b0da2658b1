import { STOP_WORDS_PATH, type StopWordsFile } from '@app/contract';
import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { call } from './api/client';
import { endpoints } from './api/endpoints';

/**
 * Text checks (spec §5). The local check gives instant feedback in forms; the server's
 * `POST /api/sysArticle/textCensor` is authoritative. Both follow the same rule: every character is
 * NFKC-normalised and lower-cased, filler characters (`/static/sensitive-stop-words.json`, white space,
 * invisible and combining marks) are skipped between letters — at most MAX_GAP in a row — so `赌 博` and
 * `赌*博` are still `赌博`; an ASCII word does not match inside a longer ASCII word; a match inside an allowed
 * everyday phrase (大麻烦 holds 大麻) does not count. The lists are loaded on first use, never at start.
 */
export const STOP_WORDS_URL = STOP_WORDS_PATH;
const MAX_GAP = 5;

// Emoji (pictographs, skin tones, flag letters) are fillers too: `赌😀博` is still `赌博`.
const ALWAYS_FILLER = /^[\p{White_Space}\p{Cf}\p{Mn}\p{Me}\p{Cc}\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]$/u;
const ASCII_ALNUM = /^[a-z0-9]$/;
const normalizeChar = (ch: string): string => ch.normalize('NFKC').toLowerCase();

interface Letter {
  ch: string;
  /** Fillers right before this letter. */
  gap: number;
}

export interface SensitiveLists {
  words: string[];
  allowed: string[];
  stopWords: string[];
}

export interface LocalChecker {
  /** The sensitive words found (as listed), empty when the text looks publishable. */
  find(text: string): string[];
  isClean(text: string): boolean;
}

export const createChecker = ({ words, allowed, stopWords }: SensitiveLists): LocalChecker => {
  const stop = new Set<string>();
  for (const s of stopWords) for (const ch of s) stop.add(ch).add(normalizeChar(ch));
  const isFiller = (ch: string) => stop.has(ch) || ALWAYS_FILLER.test(ch);

  const letters = (text: string): Letter[] => {
    const out: Letter[] = [];
    let gap = 0;
    for (const ch of text) {
      if (isFiller(ch)) {
        gap += 1;
        continue;
      }
      let produced = false;
      for (const n of normalizeChar(ch)) {
        if (isFiller(n)) continue;
        out.push({ ch: n, gap });
        gap = 0;
        produced = true;
      }
      if (!produced) gap += 1;
    }
    return out;
  };

  const toEntries = (list: string[]) =>
    list
      .map((word) => ({ word, key: letters(word).map((l) => l.ch) }))
      .filter((entry) => entry.key.length >= 2);
  const sensitive = toEntries(words);
  const phrases = toEntries(allowed);

  /** Every match of `entries` in the letter stream as [first, last] letter indices. */
  const matches = (stream: Letter[], entries: { word: string; key: string[] }[]) => {
    const found: { word: string; first: number; last: number }[] = [];
    for (let i = 0; i < stream.length; i += 1) {
      for (const { word, key } of entries) {
        if (stream[i]!.ch !== key[0]) continue;
        let ok = true;
        for (let k = 1; k < key.length; k += 1) {
          const letter = stream[i + k];
          if (!letter || letter.ch !== key[k] || letter.gap > MAX_GAP) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        const last = i + key.length - 1;
        const before = stream[i - 1];
        const after = stream[last + 1];
        // ASCII words stand alone: "ass" is not in "class".
        if (ASCII_ALNUM.test(key[0]!) && before && before.ch.match(ASCII_ALNUM) && stream[i]!.gap === 0) continue;
        if (ASCII_ALNUM.test(key[key.length - 1]!) && after && after.ch.match(ASCII_ALNUM) && after.gap === 0) continue;
        found.push({ word, first: i, last });
      }
    }
    return found;
  };

  const find = (text: string): string[] => {
    const stream = letters(text);
    const hits = matches(stream, sensitive);
    if (hits.length === 0) return [];
    const safe = matches(stream, phrases);
    const kept = hits.filter((hit) => !safe.some((p) => p.first <= hit.first && hit.last <= p.last));
    return [...new Set(kept.map((hit) => hit.word))];
  };
  return { find, isClean: (text) => find(text).length === 0 };
};

/** The file the server serves: the contract's `StopWordsFile` (`{ version, words }`); zod stays off the web bundle. */
const isStopWordsFile = (value: unknown): value is StopWordsFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { version?: unknown }).version === 'string' &&
  Array.isArray((value as { words?: unknown }).words) &&
  (value as { words: unknown[] }).words.every((word) => typeof word === 'string');

let checkerPending: Promise<LocalChecker> | undefined;

const loadStopWords = async (): Promise<string[]> => {
  try {
    const response = await fetch(STOP_WORDS_URL, { credentials: 'same-origin' });
    if (!response.ok) return [];
    const file = (await response.json()) as unknown;
    return isStopWordsFile(file) ? file.words : [];
  } catch {
    return [];
  }
};

/** The local checker, its lists loaded on first use (once per page load). */
export const getLocalChecker = (): Promise<LocalChecker> => {
  checkerPending ??= Promise.all([
    call(endpoints.sensitiveWordList, {}, { silent: true }),
    loadStopWords(),
  ]).then(([list, stopWords]) => createChecker({ words: list.words ?? [], allowed: list.allowed ?? [], stopWords }));
  checkerPending.catch(() => {
    checkerPending = undefined;
  });
  return checkerPending;
};

/** Instant local feedback: the sensitive words found (empty = looks fine, or the list could not be loaded). */
export const checkTextLocally = async (text: string): Promise<string[]> => {
  try {
    return (await getLocalChecker()).find(text);
  } catch {
    return [];
  }
};

/**
 * Form feedback: the sensitive words of `text` by the local check, `delayMs` after the last change (the lists
 * load on the first non-empty text). Empty while typing is fine; submit still asks the server.
 */
export const useLocalTextCheck = (text: string, delayMs = 300): string[] => {
  const [found, setFound] = useState<string[]>([]);
  useEffect(() => {
    let alive = true;
    if (!text.trim()) {
      setFound([]);
      return undefined;
    }
    const timer = setTimeout(() => {
      void checkTextLocally(text).then((words) => {
        if (alive) setFound(words);
      });
    }, delayMs);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [text, delayMs]);
  return found;
};

/** The authoritative check: true when the text may be published. */
export const censorText = (text: string): Promise<boolean> =>
  call(endpoints.textCensor, { body: { text } }, { silent: true });

/**
 * The check every form that publishes text runs before sending (posts, comments, nickname and introduction,
 * feedback, reports, chat questions, drawing prompts): the local sensitive-word check (filler words and emoji
 * ignored, so the words around an emoji are still read) names what to change; emoji themselves are welcome. Answers the message to show, or null when the texts may be sent;
 * the server's censor still has the last word.
 */
export const checkTextBeforeSend = async (...texts: (string | null | undefined)[]): Promise<string | null> => {
  const present = texts.filter((text): text is string => Boolean(text?.trim()));
  const found = new Set<string>();
  for (const text of present) for (const word of await checkTextLocally(text)) found.add(word);
  return found.size > 0 ? t('common.textCheck.sensitive', { words: [...found].join('、') }) : null;
};

/** Tests only. */
export const resetTextCheck = (): void => {
  checkerPending = undefined;
};
