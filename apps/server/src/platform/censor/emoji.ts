/**
 * Emoji detection (spec §5). An emoji is taken as a whole sequence, so stripping never leaves half of
 * one behind: a pictograph with its variation selector, skin tone and ZWJ-joined parts (👨‍👩‍👧),
 * a keycap (1️⃣, #⃣), a flag (a pair of regional indicators 🇨🇳, or a tag sequence 🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 *
 * Extended_Pictographic is Unicode's own "is a pictograph" property. It includes the text-default
 * symbols © ® ™ ‼ as well; they count as emoji here. Plain digits, # and * do not (they are only
 * emoji inside a keycap sequence).
 */
const PICTO_PART = String.raw`(?:\p{Extended_Pictographic}|\p{Emoji_Modifier})(?:\uFE0F|\p{Emoji_Modifier}|[\u{E0020}-\u{E007F}])*`;
const SEQUENCE = String.raw`[#*0-9]\uFE0F?\u20E3|\p{Regional_Indicator}{1,2}|${PICTO_PART}(?:\u200D${PICTO_PART})*`;

const emojiTest = new RegExp(SEQUENCE, 'u');

export const containsEmoji = (text: string): boolean => emojiTest.test(text);

/** The text without any emoji sequence. */
export const stripEmoji = (text: string): string => text.replace(new RegExp(SEQUENCE, 'gu'), '');

/** Every emoji sequence in the text, in order. */
export const findEmoji = (text: string): string[] => text.match(new RegExp(SEQUENCE, 'gu')) ?? [];
