import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text';

describe('an answer as plain text', () => {
  it('drops the marks and keeps the words, line breaks, numbers and emoji', () => {
    const answer = [
      '## 秋日限定桂花拿铁 ☕',
      '',
      '**推荐理由：** 桂花香气很足，*奶味*顺滑。',
      '- 口感 ⭐⭐⭐⭐⭐',
      '* 价格 `18 元`',
      '1. 先闻香',
      '> 小提醒：少糖更好喝',
      '---',
      '[点这里](https://example.com) ~~原价~~',
    ].join('\n');
    expect(markdownToPlainText(answer)).toBe(
      [
        '秋日限定桂花拿铁 ☕',
        '',
        '推荐理由： 桂花香气很足，奶味顺滑。',
        '• 口感 ⭐⭐⭐⭐⭐',
        '• 价格 18 元',
        '1. 先闻香',
        '小提醒：少糖更好喝',
        '点这里 原价',
      ].join('\n'),
    );
  });

  it('leaves plain text and lone asterisks in arithmetic alone', () => {
    expect(markdownToPlainText('5 * 3 = 15\n第二行')).toBe('5 * 3 = 15\n第二行');
    expect(markdownToPlainText('| 名称 | 价格 |\n| --- | --- |\n| 拿铁 | 18 |')).toBe('名称  价格\n拿铁  18');
  });
});
