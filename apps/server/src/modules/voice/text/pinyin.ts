import { pinyin } from './mandarin.js';
import { verbalizeNumbers } from './numbers.js';
import { escapeXml } from '../../../platform/xml.js';
import type { DubReading } from '@app/contract';

const PUNCTUATION: Record<string, string> = {
  '，': ', ',
  '、': ', ',
  '；': '; ',
  '：': ', ',
  '。': '. ',
  '！': '! ',
  '？': '? ',
  '…': '. ',
  '—': ', ',
  '（': ', ',
  '）': ', ',
};

const SYLLABLE = /^[a-zü]+[0-5]$/;

export interface SpeechRun {
  /** `pinyin`: tone-numbered syllables for the cmn-latn-pinyin voice; `latin`: words for the English voice. */
  kind: 'pinyin' | 'latin';
  text: string;
}

const pinyinTokens = (text: string) =>
  text ? pinyin(verbalizeNumbers(text), { toneType: 'num', type: 'array', nonZh: 'consecutive' }) : [];

/**
 * Pinyin tokens of a text where the user fixed some readings: the text is cut at each fixed character, whose
 * syllable is the user's (行[hang2] reaches espeak-ng as `hang2`); the pieces between keep pinyin-pro's reading.
 */
const tokensOf = (text: string, readings: readonly DubReading[]): string[] => {
  const fixes = readings.filter((r) => text[r.at] === r.char).sort((a, b) => a.at - b.at);
  const tokens: string[] = [];
  let from = 0;
  for (const fix of fixes) {
    tokens.push(...pinyinTokens(text.slice(from, fix.at)), fix.pinyin);
    from = fix.at + 1;
  }
  tokens.push(...pinyinTokens(text.slice(from)));
  return tokens;
};

/**
 * Mandarin text as tone-numbered pinyin (pinyin-pro: heteronyms by context, 银行行长 → yin2 hang2 hang2
 * zhang3, 重庆 → chong2 qing4; tone sandhi of 一 and 不), the neutral tone written 5 as espeak-ng expects,
 * digits spoken as Chinese words first, and Latin words kept apart for an English voice.
 */
export const toSpeechRuns = (text: string, readings: readonly DubReading[] = []): SpeechRun[] => {
  const tokens = tokensOf(text, readings);
  const runs: SpeechRun[] = [];
  const push = (kind: SpeechRun['kind'], piece: string) => {
    const last = runs[runs.length - 1];
    if (last && last.kind === kind) last.text += piece;
    else runs.push({ kind, text: piece });
  };
  for (const token of tokens) {
    if (SYLLABLE.test(token)) {
      push('pinyin', `${token.replace(/0$/, '5')} `);
      continue;
    }
    // Non-Chinese runs: Latin words for the English voice, punctuation as a pause in whichever run is open.
    for (const piece of token.match(/[A-Za-z][A-Za-z'-]*|[^A-Za-z]/g) ?? []) {
      if (/^[A-Za-z]/.test(piece)) push('latin', `${piece} `);
      else {
        const pause = PUNCTUATION[piece] ?? (/[,.;:!?]/.test(piece) ? `${piece} ` : ' ');
        push(runs[runs.length - 1]?.kind ?? 'pinyin', pause);
      }
    }
  }
  return runs
    .map((run) => ({ ...run, text: run.text.replace(/\s+/g, ' ').trim() }))
    .filter((run) => run.text);
};

/** SSML for espeak-ng: pinyin runs with the Mandarin voice, Latin words with the English one (same variant). */
export const toEspeakSsml = (runs: SpeechRun[], variant: string): string => {
  const suffix = variant ? `+${variant}` : '';
  const body = runs
    .map((run) => {
      const name = run.kind === 'pinyin' ? 'cmn-latn-pinyin' : 'en-us';
      return `<voice name="${name}${suffix}">${escapeXml(run.text)}</voice>`;
    })
    .join(' ');
  return `<speak>${body}</speak>`;
};

/** Plain SSML for the other espeak-ng languages (English, Spanish, French, Cantonese). */
export const plainSsml = (text: string): string => `<speak>${escapeXml(text)}</speak>`;
