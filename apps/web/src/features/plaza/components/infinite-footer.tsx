import { useEffect, useRef } from 'react';
import { ListFooter } from './list-states';

/** Infinite scroll: the footer loads the next page when it comes into view (or on tap). */
export function InfiniteFooter({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  }, [onMore]);
  useEffect(() => {
    const node = ref.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more.current();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);
  return (
    <div ref={ref}>
      <ListFooter hasMore={hasMore} loading={loading} onMore={onMore} />
    </div>
  );
}
