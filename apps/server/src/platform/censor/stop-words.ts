/**
 * Filler characters the censor skips between the letters of a sensitive word, so that
 * `赌 博`, `赌*博`, `毒。品` and `赌\u200B博` are still found.
 *
 * The lead serves this same array as the static file `sensitive-stop-words.json`, and the web app's
 * local check skips the same characters, so both sides agree on what a "split" word is.
 * Every entry is one character (one code point). Full-width forms are listed too even though the
 * server also applies NFKC, because a client may check without normalising.
 */
const ascii = [...' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];

const whitespaceAndInvisible = [
  '\t',
  '\n',
  '\v',
  '\f',
  '\r',
  '\u00A0', // no-break space
  '\u00AD', // soft hyphen
  '\u034F', // combining grapheme joiner
  '\u061C', // arabic letter mark
  '\u115F', // hangul choseong filler
  '\u1160', // hangul jungseong filler
  '\u17B4',
  '\u17B5',
  '\u180E', // mongolian vowel separator
  '\u2000',
  '\u2001',
  '\u2002',
  '\u2003',
  '\u2004',
  '\u2005',
  '\u2006',
  '\u2007',
  '\u2008',
  '\u2009',
  '\u200A',
  '\u200B', // zero-width space
  '\u200C', // zero-width non-joiner
  '\u200D', // zero-width joiner
  '\u200E', // left-to-right mark
  '\u200F', // right-to-left mark
  '\u2028',
  '\u2029',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u202F',
  '\u205F',
  '\u2060', // word joiner
  '\u2061',
  '\u2062',
  '\u2063',
  '\u2064',
  '\u3000', // ideographic space
  '\u3164', // hangul filler
  '\uFE0E', // variation selectors
  '\uFE0F',
  '\uFEFF', // zero-width no-break space / BOM
  '\uFFA0', // half-width hangul filler
];

const cjkPunctuation = [
  ...'、。〃〈〉《》「」『』【】〔〕〖〗〘〙〚〛〜〝〞〟〰〽・･',
  ...'‐‑‒–—―‖‗‘’‚‛“”„‟†‡•‣․‥…‧‰′″‴‵‶‷‹›※‼‽‾⁀⁁⁂⁃⁄⁅⁆⁇⁈⁉⁎⁏⁑⁓⁕⁚⁝⁞',
  ...'·¡¦§¨«¬¯°±´¶¸»¿×÷',
];

// Full-width ASCII punctuation (U+FF01–U+FF0F, U+FF1A–U+FF20, U+FF3B–U+FF40, U+FF5B–U+FF65).
const fullWidth = [
  ...'！＂＃＄％＆＇（）＊＋，－．／',
  ...'：；＜＝＞？＠',
  ...'［＼］＾＿｀',
  ...'｛｜｝～｟｠｡｢｣､',
  ...'￠￡￢￣￤￥￦',
];

// Shapes and symbols commonly used to pad a word apart.
const symbols = [
  ...'☆★○●◎◇◆□■△▲▽▼◁◀▷▶♀♂♠♣♥♦♡♢♤♧♪♫♬✓✔✗✘✕✖✚✛✜✝✞✟✦✧✩✪✫✬✭✮✯✰✱✲✳✴✵✶✷✸✹✺✻✼✽✾✿❀❁❂❃❄❅❆❇❈❉❊❋',
  ...'←↑→↓↔↕⇐⇑⇒⇓⇔',
  ...'─━│┃┄┅┆┇┈┉┊┋',
  ...'∴∵∶∷∼≈≠≡≤≥∞',
];

export const STOP_WORDS: readonly string[] = Object.freeze([
  ...new Set([...ascii, ...whitespaceAndInvisible, ...cjkPunctuation, ...fullWidth, ...symbols]),
]);
