import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useMemo } from 'react';
import './markdown.css';

/**
 * Markdown (spec §1): line breaks and GitHub tables on, no header ids (marked no longer adds them), and no
 * raw HTML executed. The HTML marked produces is sanitised by DOMPurify down to what the plaza and the chat
 * need: text formatting, lists, quotes, code, tables, links and our own images. Forms, inputs, frames, media,
 * `style` and `class` (fixed-position overlays that imitate the app) are dropped; links keep http(s), mailto and
 * our own paths and open outside the app; an image from another host (a tracking pixel, a hotlink) is dropped,
 * since our resize proxy only serves our own files. Import this module only where markdown is shown: it
 * carries marked and DOMPurify.
 */
const marked = new Marked({ gfm: true, breaks: true, async: false });

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'align', 'start'];

/** Our own file: a path on this site (uploads, signed files, static images) or this origin spelled out. */
const isOwnImage = (src: string): boolean => {
  if (src.startsWith('/') && !src.startsWith('//')) return true;
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
};

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG' && !isOwnImage(node.getAttribute('src') ?? '')) node.remove();
  if (node.tagName === 'A') {
    const href = node.getAttribute('href') ?? '';
    if (!/^(https?:|mailto:|\/(?!\/)|#)/i.test(href)) node.removeAttribute('href');
    else if (/^https?:/i.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
});

export const renderMarkdown = (source: string): string => {
  const html = marked.parse(source ?? '', { async: false });
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ['target', 'rel'],
  });
};

export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <div
      className={className ? `markdown ${className}` : 'markdown'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
