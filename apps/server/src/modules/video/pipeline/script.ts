import { cleanForSpeech, splitIntoCues, withoutEmoji } from '../../voice/index.js';

/** Widest scene (a Chinese character counts 1): about 8 seconds of speech at 5 words a second. */
export const SCENE_MAX_WIDTH = 40;

export interface Scene {
  /** What the scene says (whole sentences, punctuation kept for intonation). */
  text: string;
  /** A heading of the article (spoken as its own scene). */
  heading: boolean;
}

const width = (text: string) => {
  let w = 0;
  for (const char of text) w += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/.test(char) ? 1 : 0.5;
  return w;
};

const HEADING = /^\s{0,3}#{1,6}\s+/;

/**
 * The offline text engine's disclaimer (`> 本回答由内置离线引擎生成…`) in any of our five languages: a line that
 * carries it is never spoken nor subtitled (the task card and the video's description say "offline" instead).
 */
const DISCLAIMER =
  /本回答由内置离线引擎生成|本回答由內置離線引擎生成|built-in offline engine|motor (?:integrado )?sin conexión|moteur hors ligne intégré/i;
/** Weibo-style topics `#话题#` and hashtags `#tag` / `#标签` (a markdown heading's `# ` is not one). */
const TOPIC = /#[^#\s]{1,30}#/g;
const HASHTAG = /(^|[\s，。！？、,.!?;；:：(（])#[\p{L}\p{N}_]+/gu;

/**
 * What of an article's line a video may say: the disclaimer line goes whole, topics and hashtags go (their
 * words are tags, not speech), then markdown and links go as they do for dubbing (cleanForSpeech). Emoji stay:
 * the subtitles show them, the voice never says them.
 */
export const cleanForVideo = (rawLine: string): string => {
  if (DISCLAIMER.test(rawLine)) return '';
  const heading = rawLine.match(HEADING)?.[0] ?? '';
  const body = rawLine.slice(heading.length).replace(TOPIC, ' ').replace(HASHTAG, '$1');
  return cleanForSpeech(heading + body, { keepEmoji: true })
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
};
/** A sentence ends at a stop (with any closing quotes after it); a line end ends one too. */
const SENTENCE = /[^。！？!?；;…]+(?:[。！？!?；;…]+[”’」』)）"]*|$)/g;

/**
 * Cuts an article into scenes at sentence boundaries: a heading is a scene of its own (titles kept), other
 * paragraphs are packed sentence by sentence up to SCENE_MAX_WIDTH (a longer sentence is a scene alone).
 * Markdown, links, hashtags and the offline disclaimer go (cleanForVideo); lines with nothing to say go too.
 */
export const splitIntoScenes = (markdown: string): Scene[] => {
  const scenes: Scene[] = [];
  for (const rawLine of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.test(rawLine);
    const line = cleanForVideo(rawLine).replace(/\n/g, ' ').trim();
    if (!splitIntoCues(line).length) continue;
    if (heading) {
      scenes.push({ text: /[。！？!?.]$/.test(line) ? line : `${line}。`, heading: true });
      continue;
    }
    let current = '';
    for (const sentence of line.match(SENTENCE) ?? [line]) {
      const piece = sentence.trim();
      if (!piece) continue;
      if (current && width(current + piece) > SCENE_MAX_WIDTH) {
        scenes.push({ text: current, heading: false });
        current = '';
      }
      current += (current && /[A-Za-z0-9.!?]$/.test(current) ? ' ' : '') + piece;
    }
    if (current && splitIntoCues(current).length) scenes.push({ text: current, heading: false });
  }
  return scenes;
};

/** The text a video speaks (what the estimate and the gold count): its emoji are shown, not said. */
export const spokenText = (scenes: Scene[]) => withoutEmoji(scenes.map((s) => s.text).join(''));
