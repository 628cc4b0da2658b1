import { useQuery } from '@tanstack/react-query';
import { getArticlePage } from '../api/articles';
import { ArticleCardList } from './article-card-list';

/** The newest plaza works for the home page; renders `empty` while there are none (or they cannot load). */
export function RecentWorks({ empty }: { empty: React.ReactNode }) {
  const recent = useQuery({ queryKey: ['plaza', 'list', 'recent'], queryFn: () => getArticlePage({ page: 1, pageSize: 4 }), staleTime: 60_000 });
  const items = (recent.data?.items ?? []).filter((item) => typeof item.author === 'object');
  return items.length > 0 ? <ArticleCardList items={items} layout="list" /> : <>{empty}</>;
}
