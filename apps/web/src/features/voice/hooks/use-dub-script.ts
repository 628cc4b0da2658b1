import { useCallback, useState } from 'react';
import { useDraft } from '../../../shared/lib/use-draft';
import type { EditorLine } from '../lib/dub-script';

let nextKey = 1;

/**
 * The dubbing editor's one piece of state: its lines (speaker, voice, speed, marked text) and which one is
 * selected. The lines are kept as a draft until they are dubbed (`draft.clear()`); a text handed in (a copy,
 * a link) wins over a kept draft.
 */
export function useDubScript(initialText: string, initialVoice = '') {
  const [first] = useState<EditorLine[]>(() => [
    { key: nextKey++, speaker: '', voice: initialVoice, speed: 100, text: initialText },
  ]);
  const [lines, setLines, draft] = useDraft<EditorLine[]>('dub.script', first, { restore: !initialText });
  // Keys of restored lines stay unique among the lines added later.
  nextKey = Math.max(nextKey, ...lines.map((line) => line.key + 1));
  const [selected, setSelected] = useState(0);

  const update = useCallback(
    (index: number, patch: Partial<Omit<EditorLine, 'key'>>) =>
      setLines((all) => all.map((line, i) => (i === index ? { ...line, ...patch } : line))),
    [],
  );
  const add = useCallback((line: Omit<EditorLine, 'key'>) => {
    setLines((all) => {
      setSelected(all.length);
      return [...all, { ...line, key: nextKey++ }];
    });
  }, []);
  const remove = useCallback((index: number) => {
    setLines((all) => (all.length > 1 ? all.filter((_, i) => i !== index) : all));
    setSelected((current) => Math.max(0, current >= index ? current - 1 : current));
  }, []);
  const replace = useCallback((next: Omit<EditorLine, 'key'>[]) => {
    setLines(next.map((line) => ({ ...line, key: nextKey++ })));
    setSelected(0);
  }, []);

  return { lines, selected, select: setSelected, update, add, remove, replace, draft };
}
export type DubScript = ReturnType<typeof useDubScript>;
