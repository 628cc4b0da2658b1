import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { InsufficientGoldExtras } from '@app/contract';
import { onInsufficientGold } from '../lib/gold-events';

const InsufficientGoldSheet = lazy(() => import('./insufficient-gold-sheet'));

/**
 * The app shell's listener: whenever a call is refused for too little gold, the shortfall sheet opens. It belongs to
 * the page it opened on: back or any other route change closes it (issue 37).
 */
export function InsufficientGoldHost() {
  const location = useLocation();
  const [opened, setOpened] = useState<{ shortfall: InsufficientGoldExtras; at: string } | null>(null);
  const [used, setUsed] = useState(false);
  const here = `${location.key}${location.pathname}`;
  const current = useRef(here);
  useEffect(() => {
    current.current = here;
  }, [here]);
  useEffect(
    () =>
      onInsufficientGold((next) => {
        setUsed(true);
        setOpened({ shortfall: next, at: current.current });
      }),
    [],
  );
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <InsufficientGoldSheet shortfall={opened?.at === here ? opened.shortfall : null} onClose={() => setOpened(null)} />
    </Suspense>
  );
}
