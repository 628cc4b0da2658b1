/**
 * An answer as plain text, for the clipboard and for a post (issue 37): the words and line breaks of its Markdown
 * without the marks. A chat app's "copy" pastes into WeChat or 小红书, where `**` and `##` show as they are.
 * Headings, bold, italics, strike-through, inline code and fences lose their marks; links keep their text; list
 * bullets become "•", numbered lists and emoji stay; rules (---) and table separators go.
 */
export const markdownToPlainText = (markdown: string): string =>
  markdown
    .split('\n')
    .filter((line) => !/^\s*(```|~~~)/.test(line) && !/^\s*([-*_])(\s*\1){2,}\s*$/.test(line) && !/^\s*\|?\s*:?-{3,}/.test(line))
    .map((line) =>
      line
        .replace(/^(\s*)#{1,6}\s+/, '$1')
        .replace(/^(\s*)>\s?/, '$1')
        .replace(/^(\s*)[-*+]\s+(?!\[)/, '$1• ')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
        .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
        .replace(/(^|[^*\w])\*(?=\S)([^*]+?)(?<=\S)\*(?!\*)/g, '$1$2')
        .replace(/`([^`]+)`/g, '$1')
        .replace(/\*\*/g, '')
        .replace(/^\s*\|(.*)\|\s*$/, (_, cells: string) => cells.split('|').map((cell) => cell.trim()).join('  ')),
    )
    .join('\n');
