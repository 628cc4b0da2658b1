import { lazy, Suspense, useEffect, useState } from 'react';
import type { InsufficientGoldExtras } from '@app/contract';
import { onInsufficientGold } from '../lib/gold-events';

const InsufficientGoldSheet = lazy(() => import('./insufficient-gold-sheet'));

/** The app shell's listener: whenever a call is refused for too little gold, the shortfall sheet opens. */
export function InsufficientGoldHost() {
  const [shortfall, setShortfall] = useState<InsufficientGoldExtras | null>(null);
  const [used, setUsed] = useState(false);
  useEffect(
    () =>
      onInsufficientGold((next) => {
        setUsed(true);
        setShortfall(next);
      }),
    [],
  );
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <InsufficientGoldSheet shortfall={shortfall} onClose={() => setShortfall(null)} />
    </Suspense>
  );
}
