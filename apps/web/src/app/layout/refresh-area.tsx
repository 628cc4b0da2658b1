import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PullToRefresh } from '../../shared/ui/pull-to-refresh';

/**
 * Pull-to-refresh for the pages flagged in the route table (spec §2/§9: colour #2384f5, threshold 45px).
 * Refreshing refetches every active query of the page. Loaded only by those pages.
 */
export function RefreshArea({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <PullToRefresh threshold={45} onRefresh={() => queryClient.refetchQueries({ type: 'active' })}>
      {children}
    </PullToRefresh>
  );
}
