import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Markdown, renderMarkdown } from './markdown';

describe('markdown', () => {
  it('turns single line breaks into <br> and renders GitHub tables', () => {
    const html = renderMarkdown('first\nsecond\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    expect(html).toContain('first<br>second');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>2</td>');
  });

  it('adds no header ids', () => {
    expect(renderMarkdown('# 标题')).toBe('<h1>标题</h1>\n');
  });

  it('leaves an injected <script> and onerror inert', async () => {
    const hits = vi.fn();
    (window as unknown as { hit: () => void }).hit = hits;
    const source = 'hello <script>window.hit()</script>\n\n<img src="x" onerror="window.hit()">\n\n[link](javascript:window.hit())';
    const { container } = render(<Markdown source={source} />);
    expect(container.querySelector('script')).toBeNull();
    const img = container.querySelector('img');
    expect(img?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript:');
    img?.dispatchEvent(new Event('error'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hits).not.toHaveBeenCalled();
  });
});
