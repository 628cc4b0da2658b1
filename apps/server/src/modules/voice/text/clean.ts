/** Emoji, their modifiers and joiners. */
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u200d|\ufe0f|\u20e3/gu;

/** The text without its emoji (what a voice says of a line that shows them). */
export const withoutEmoji = (text: string): string => text.replace(EMOJI, '');

/**
 * Text as it should be spoken: markdown, LaTeX, links, HTML and emoji removed (copy from the AI chat is full
 * of them), whitespace collapsed. Line breaks survive as sentence ends. With `keepEmoji` the emoji stay: the
 * text is what subtitles show (the voice drops them itself, see speakable in synthesize.ts).
 */
export const cleanForSpeech = (input: string, options: { keepEmoji?: boolean } = {}): string => {
  let text = input.replace(/\r\n?/g, '\n');
  text = text
    // Fenced code blocks: the fence lines go, their content is read like prose.
    .replace(/^\s*(```|~~~).*$/gm, '')
    // Images and links keep their words, never their addresses.
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/<[^>\n]+>/g, '')
    // LaTeX: delimiters and commands go, their arguments stay.
    .replace(/\$\$?|\\[()[\]]/g, '')
    .replace(/\\(frac|dfrac)\{([^{}]*)\}\{([^{}]*)\}/g, '$2/$3')
    .replace(/\\[a-zA-Z]+\*?/g, '')
    .replace(/[{}^]/g, '')
    // Markdown line syntax: headings, quotes, list bullets, table rules and pipes.
    .replace(/^\s{0,3}#{1,6}\s*/gm, '')
    .replace(/^\s*>+\s?/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*\d+[.)]\s+/gm, '')
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '')
    .replace(/[ \t]*\|[ \t]*/g, '，')
    // Emphasis, strike-through and inline code marks.
    .replace(/(\*{1,3}|_{2,3}|~~|`+)/g, '');
  if (!options.keepEmoji) text = withoutEmoji(text);
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u3000]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .replace(/^，+|，+$/gm, '');
};
