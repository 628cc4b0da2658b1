import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { articleListInfiniteOptions, deleteArticle, flattenPages, invalidatePlaza } from '../api/articles';
import { ArticleCardList } from '../components/article-card-list';
import { InfiniteFooter } from '../components/infinite-footer';
import { ListError, ListLoading } from '../components/list-states';
import './plaza.css';

/** Spec §2 drafts: the caller's unpublished works, newest edit first; edit or delete (confirmed). */
export function DraftPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(articleListInfiniteOptions({ drafts: true }));
  const items = flattenPages(list.data?.pages);

  const handleDelete = async (id: number) => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const sure = await Dialog.confirm({
      content: t('plaza.draft.deleteConfirm'),
      confirmText: t('plaza.draft.delete'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    try {
      await deleteArticle(id);
    } catch {
      return;
    }
    showToast(t('plaza.draft.deleted'), 'success');
    await invalidatePlaza(queryClient);
  };

  if (list.isPending) return <ListLoading />;
  if (list.isError && items.length === 0) return <ListError onRetry={() => void list.refetch()} />;
  return (
    <div className="plaza-page" data-testid="draft-page">
      {items.length === 0 ? (
        <EmptyState
          title={t('plaza.draft.empty')}
          testId="draft-empty"
          action={
            <button type="button" className="app-button" onClick={() => void navigate('/pages/detail/post')}>
              {t('plaza.post.new')}
            </button>
          }
        />
      ) : (
        <>
          <ArticleCardList
            items={items}
            layout="list"
            linkOf={(item) => `/pages/detail/post?id=${item.id}`}
            actions={(item) => (
              <>
                <button type="button" className="app-button app-button--ghost app-button--small" data-testid="draft-edit" onClick={() => void navigate(`/pages/detail/post?id=${item.id}`)}>
                  {t('plaza.draft.edit')}
                </button>
                <button type="button" className="app-button app-button--ghost app-button--small" data-testid="draft-delete" onClick={() => void handleDelete(item.id)}>
                  {t('plaza.draft.delete')}
                </button>
              </>
            )}
          />
          <InfiniteFooter hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
        </>
      )}
    </div>
  );
}
