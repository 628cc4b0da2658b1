import { useQueryClient } from '@tanstack/react-query';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import './refresh-area.css';

/**
 * Pull-to-refresh for the pages flagged in the route table (spec §2/§9: colour #2384f5, threshold 45px).
 * Refreshing refetches every active query of the page. Loaded only by those pages.
 */
export function RefreshArea({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  return (
    <div className="refresh-area">
      <PullToRefresh threshold={45} onRefresh={() => queryClient.refetchQueries({ type: 'active' })}>
        {children}
      </PullToRefresh>
    </div>
  );
}
