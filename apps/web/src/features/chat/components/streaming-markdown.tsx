import { memo } from 'react';
import { Markdown } from '../../../shared/ui/markdown';

const Block = memo(Markdown);

/**
 * Markdown of a growing answer without a re-parse storm: the finished part (up to the last blank line
 * outside a code fence) is parsed once per new paragraph; only the paragraph being written is parsed
 * on each frame. Once the answer is complete it is rendered whole.
 */
export const splitStable = (source: string): [string, string] => {
  let cut = -1;
  let from = 0;
  for (;;) {
    const at = source.indexOf('\n\n', from);
    if (at === -1) break;
    const fences = source.slice(0, at).split('```').length - 1;
    if (fences % 2 === 0) cut = at;
    from = at + 2;
  }
  return cut === -1 ? ['', source] : [source.slice(0, cut), source.slice(cut + 2)];
};

export function StreamingMarkdown({ source, streaming }: { source: string; streaming: boolean }) {
  if (!streaming) return <Block source={source} className="chat-md" />;
  const [stable, tail] = splitStable(source);
  return (
    <div className="chat-md-stream">
      {stable ? <Block source={stable} className="chat-md" /> : null}
      <Block source={tail} className="chat-md chat-md--tail" />
    </div>
  );
}
