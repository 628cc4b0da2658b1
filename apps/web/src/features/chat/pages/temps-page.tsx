import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { categoriesQueryOptions, templateListOptions } from '../api/templates';
import './templates.css';

/** Template list `/pages/index/temps/index`: category tabs and search. */
export function TempsPage() {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const categories = useQuery(categoriesQueryOptions());
  const list = useInfiniteQuery(templateListOptions(categoryId, deferred));
  const items = (list.data?.pages ?? []).flatMap((p) => p.items);

  return (
    <div className="temps-page" data-testid="temps-page">
      <div className="temps-search">
        <input
          type="search"
          className="temps-search__input"
          data-testid="temps-search"
          value={keyword}
          maxLength={50}
          placeholder={t('temps.search')}
          aria-label={t('temps.search')}
          onChange={(e) => setKeyword(e.target.value)}
        />
      </div>
      <div className="temps-tabs" role="tablist">
        {[{ id: undefined as number | undefined, name: t('temps.all') }, ...(categories.data ?? [])].map((c) => (
          <button
            key={c.id ?? 0}
            type="button"
            role="tab"
            aria-selected={c.id === categoryId}
            className={c.id === categoryId ? 'temps-tab temps-tab--active' : 'temps-tab'}
            data-testid="temps-tab"
            onClick={() => setCategoryId(c.id)}
          >
            {c.name}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <p className="temps-status">{t('common.loading')}</p>
      ) : list.isError ? (
        <LoadFailed title={t('request.failed')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('temps.empty')} testId="temps-empty" />
      ) : (
        <ul className="temps-list">
          {items.map((item) => (
            <li key={item.id}>
              <Link className="temps-card" to={`/pages/index/temps/detail?id=${item.id}`} data-testid="temps-item">
                <span className="temps-card__title">{item.title}</span>
                <span className="temps-card__desc">{item.description}</span>
                {item.useCount > 0 ? <span className="temps-card__meta" data-testid="temps-uses">{t('temps.uses', { count: item.useCount })}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <button type="button" className="temps-more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? t('common.loading') : t('plaza.loadMore')}
        </button>
      ) : null}
    </div>
  );
}
