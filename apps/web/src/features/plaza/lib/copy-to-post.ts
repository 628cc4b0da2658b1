import { ARTICLE_TITLE_MAX, OFFLINE_ANSWER_SIGNATURE } from '@app/contract';
import { markdownToPlainText } from '../../../shared/lib/plain-text';

/** A bold label before the words (**标题：** …): not part of the title. */
const TITLE_LABEL = /^\s*\*\*[^*]{1,8}[：:]\s*\*\*\s*(?=\S)/;

/** Markdown marks around a line's words: heading hashes, quote signs, list bullets, bold and italics. */
const plainLine = (line: string): string =>
  line
    .replace(TITLE_LABEL, '')
    .replace(/^\s*(#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)、]\s*)/, '')
    .replace(/\*\*|__|[*_`]/g, '')
    .replace(/[：:]\s*$/, '')
    .trim();

/**
 * A post drafted from a generated copy: the title is the copy's heading or first line (without markdown
 * marks), the body the copy without the offline engine's signature line (and without the heading or
 * labelled title line that became the title), as plain text: no raw Markdown marks. Emoji stay (a 小红书 copy's
 * ⭐ ratings are part of it).
 */
export const postFromCopy = (copy: string): { title: string; content: string } => {
  const lines = copy
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .filter((line) => line.trim() !== OFFLINE_ANSWER_SIGNATURE && line.trim() !== OFFLINE_ANSWER_SIGNATURE.slice(2));
  const firstAt = lines.findIndex((line) => plainLine(line) !== '');
  if (firstAt === -1) return { title: '', content: '' };
  const first = lines[firstAt] ?? '';
  // A first line that is a whole paragraph gives its first sentence.
  const line = plainLine(first);
  const sentence = line.length > 30 ? (/^.+?[。！？!?]/.exec(line)?.[0] ?? line) : line;
  const title = Array.from(sentence).slice(0, ARTICLE_TITLE_MAX).join('');
  // A heading or a labelled title line became the title: the body does not repeat it.
  const titleLine = /^\s*#{1,6}\s/.test(first) || TITLE_LABEL.test(first);
  const body = titleLine ? [...lines.slice(0, firstAt), ...lines.slice(firstAt + 1)] : lines;
  return { title, content: markdownToPlainText(body.join('\n')).trim() };
};
