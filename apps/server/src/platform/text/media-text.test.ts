import { describe, expect, it } from 'vitest';
import { cleanMediaText } from './media-text.js';

describe('cleanMediaText', () => {
  it('turns every kind of line break into a space on one line', () => {
    expect(cleanMediaText('a\r\nDialogue: 0,0:00:00.00,9:00:00.00,Sub,,0,0,0,,x')).toBe(
      'a Dialogue: 0,0:00:00.00,9:00:00.00,Sub,,0,0,0,,x',
    );
    for (const br of ['\r', '\n', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029'])
      expect(cleanMediaText(`a${br}b`), JSON.stringify(br)).toBe('a b');
  });

  it('drops every other C0, DEL and C1 control', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, i) => i),
      ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
    ].map((c) => String.fromCharCode(c));
    const dirty = controls.join('x');
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    expect(cleanMediaText(dirty)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(cleanMediaText('标\u0000题\u001b[31m\u009b\t!')).toBe('标题[31m!');
  });

  it('keeps plain line feeds when asked (captions of several lines), and nothing else', () => {
    expect(cleanMediaText('一\r\n二\r三\u2028四\u0000', { keepLineBreaks: true })).toBe('一\n二\n三\n四');
    expect(cleanMediaText('tab\there', { keepLineBreaks: true })).toBe('tabhere');
  });

  it('leaves ordinary text alone', () => {
    const text = '春天来了，公园里的花都开了。Hello, World! «¿Qué?» 😀';
    expect(cleanMediaText(text)).toBe(text);
    expect(cleanMediaText(text, { keepLineBreaks: true })).toBe(text);
  });
});
