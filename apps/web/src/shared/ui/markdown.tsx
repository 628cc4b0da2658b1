import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useMemo } from 'react';
import './markdown.css';

/**
 * Markdown (spec §1): line breaks and GitHub tables on, no header ids (marked no longer adds them), and no
 * raw HTML executed: the HTML marked produces is sanitised by DOMPurify, which drops `<script>`, event
 * handler attributes such as `onerror` and `javascript:` links. Import this module only where markdown is
 * shown: it carries marked and DOMPurify.
 */
const marked = new Marked({ gfm: true, breaks: true, async: false });

export const renderMarkdown = (source: string): string => {
  const html = marked.parse(source ?? '', { async: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
};

export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className={className ? `markdown ${className}` : 'markdown'} dangerouslySetInnerHTML={{ __html: html }} />;
}
