/** What tests check of generated prose. */

/** Sentences said twice (markdown, numbering and "label：" prefixes aside; six characters or more). */
export const repeatedSentences = (text: string): string[] => {
  const sentences = text
    .split(/[。！？!?\n]/)
    .map((s) =>
      s
        .replace(/^[\s>#*\-\d.、①②③④⑤|]+/, '')
        .replace(/^\*\*[^*]{1,20}\*\*[：:]\s*/, '')
        .replace(/[*\s]/g, ''),
    )
    .filter((s) => Array.from(s).length >= 6);
  return sentences.filter((s, i) => sentences.indexOf(s) !== i);
};
