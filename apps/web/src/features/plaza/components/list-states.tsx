import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/ui/empty-state';
import './list-states.css';

/** Loading, error and end-of-list lines shared by the plaza lists. */
export function ListLoading({ testId = 'plaza-loading' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className="plaza-status" data-testid={testId} role="status">
      {t('common.loading')}
    </p>
  );
}

export function ListError({ onRetry, testId = 'plaza-error' }: { onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <LoadFailed title={t('plaza.loadFailed')} testId={testId} onRetry={onRetry} />
  );
}

/** The bottom of an infinite list: a "load more" button (also fired when it scrolls into view) or the end. */
export function ListFooter({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const { t } = useTranslation();
  if (!hasMore) return <p className="plaza-status plaza-status--end" data-testid="list-end">{t('plaza.noMore')}</p>;
  return (
    <button type="button" className="plaza-status plaza-more" data-testid="list-more" disabled={loading} onClick={onMore}>
      {loading ? t('common.loading') : t('plaza.loadMore')}
    </button>
  );
}
