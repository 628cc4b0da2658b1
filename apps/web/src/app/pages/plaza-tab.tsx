import { lazy, Suspense } from 'react';
import { PlazaPage } from '../../features/plaza/pages/plaza-page';
import type { PlazaSort } from '../../features/plaza/lib/plaza-list';
import { loadWithPageMessages } from '../../shared/i18n';

// Loaded when the 绘画 tab is opened, not with the plaza's first screen; its texts are page messages, loaded with it.
const HallList = lazy(() =>
  loadWithPageMessages(() => import('../../features/drawing/pages/hall-page')).then((m) => ({ default: m.HallList })),
);

/** The plaza's 绘画 tab: the drawing plaza's own list (one place for published drawings, issue 37). */
function PlazaDrawings({ sort }: { sort: PlazaSort }) {
  return (
    <div className="draw-page" data-testid="plaza-drawings">
      <Suspense fallback={null}>
        <HallList sort={sort === 'hot' ? 'hottest' : 'newest'} />
      </Suspense>
    </div>
  );
}

/** The plaza tab: the plaza page with its 绘画 tab showing the drawing plaza. */
export function PlazaTab() {
  return <PlazaPage DrawingWorks={PlazaDrawings} />;
}
