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

/** Words that cannot end a clause: they need what comes after them (把…, 关于…, 咖啡和…). */
const OPEN_ENDINGS = new Set(['把', '被', '向', '从', '关于', '对于', '往', '朝', '比', '和', '与', '及', '以及', '或', '或者', '并且', '而且']);

/**
 * Clauses of generated Chinese that dangle, found with the jieba segmenter. A clause is a piece between
 * the marks that end one (，。！？；、 and line ends; markdown, quotes, emoji and numbering taken off). It
 * dangles when
 * - its last word is a preposition or conjunction that needs something after it (OPEN_ENDINGS: 把、关于、和…);
 * - it is only nouns or places followed by a one-character verb with no object ("杭州开", "老板做"): a
 *   subject and a verb cut from what they were about.
 */
export const danglingClauses = (text: string, tag: (clause: string) => { word: string; tag: string }[]): string[] => {
  const out: string[] = [];
  for (const raw of text.split(/[，。！？；,!?;、…|\n]/)) {
    const clause = raw.replace(/[^\p{Script=Han}\p{L}\p{N}]/gu, '');
    if (Array.from(clause).length < 2 || !/\p{Script=Han}/u.test(clause)) continue;
    const words = tag(clause).filter((w) => /[\p{L}\p{N}]/u.test(w.word));
    const last = words.at(-1);
    if (!last || words.length < 2) continue;
    const nounThenBareVerb =
      /^v[dg]?$/.test(last.tag) &&
      Array.from(last.word).length === 1 &&
      words.slice(0, -1).every((w) => /^(n|nr|ns|nt|nz|s|f)$/.test(w.tag));
    if (OPEN_ENDINGS.has(last.word) || nounThenBareVerb) out.push(clause);
  }
  return out;
};
