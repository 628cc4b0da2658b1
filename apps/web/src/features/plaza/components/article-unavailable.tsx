import type { UseQueryResult } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api/api-error';
import { EmptyState } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { invalidatePlaza, unblockUser } from '../api/articles';
import { ListError } from './list-states';

/**
 * An article that cannot be shown: its author is one I blocked (unblock, then it loads), it is gone, or it failed
 * to load (retry).
 */
export function ArticleUnavailable({ detail }: { detail: UseQueryResult<unknown> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const blockedAuthor =
    isApiError(detail.error) && detail.error.error === 'article_author_blocked' ? Number(detail.error.extras.authorId) : 0;
  if (blockedAuthor > 0) {
    const handleUnblock = async () => {
      await unblockUser(blockedAuthor);
      showToast(t('plaza.block.unblocked'), 'success');
      void invalidatePlaza(queryClient);
      await detail.refetch();
    };
    return (
      <EmptyState
        image="lost"
        title={t('plaza.block.blockedTitle')}
        description={t('plaza.block.blockedHint')}
        testId="article-blocked"
        action={
          <button type="button" className="app-button" data-testid="article-unblock" onClick={() => void handleUnblock()}>
            {t('plaza.block.unblock')}
          </button>
        }
      />
    );
  }
  return isApiError(detail.error) && detail.error.status === 404 ? (
    <EmptyState image="lost" title={t('plaza.notFound')} testId="article-missing" />
  ) : (
    <ListError onRetry={() => void detail.refetch()} testId="article-error" />
  );
}
