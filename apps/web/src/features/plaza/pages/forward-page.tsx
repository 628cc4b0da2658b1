import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { APP_VARIANT } from '../../../shared/config/app';
import { isApiError } from '../../../shared/lib/api/api-error';
import { EmptyState } from '../../../shared/ui/empty-state';
import { articleDetailQueryOptions } from '../api/articles';
import { ArticleView } from '../components/article-view';
import { ListError, ListLoading } from '../components/list-states';
import { useLoggedIn } from '../components/use-login-prompt';
import { MissingId } from '../../../shared/ui/missing-id';
import './article.css';
import './forward.css';

/** Spec §2 shared-link landing page (whitelisted): the shared work for anyone, and an invitation into the app. */
export function ForwardPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const loggedIn = useLoggedIn();
  const detail = useQuery(articleDetailQueryOptions(id));
  const articleLink = `/pages/detail/article?id=${id}`;

  const invite = (
    <div className="forward-invite" data-testid="forward-invite">
      <p className="forward-invite__name">{t(`variant.${APP_VARIANT}.name`)}</p>
      <p className="forward-invite__slogan">{t(`variant.${APP_VARIANT}.slogan`)}</p>
      <Link className="app-button forward-invite__button" data-testid="forward-open" to={loggedIn ? articleLink : '/pages/user/login'} state={loggedIn ? undefined : { from: articleLink }}>
        {loggedIn ? t('plaza.forward.open') : t('plaza.forward.join')}
      </Link>
      <Link className="forward-invite__plaza" to="/pages/plaza/index">
        {t('plaza.forward.more')}
      </Link>
    </div>
  );

  let body;
  if (id <= 0) body = <MissingId what={t('plaza.what.article')} back="/pages/plaza/index" />;
  else if (detail.isPending) body = <ListLoading testId="forward-loading" />;
  else if ((isApiError(detail.error) && detail.error.status === 404) || (!detail.isError && !detail.data))
    body = <EmptyState image="lost" title={t('plaza.notFound')} testId="forward-missing" />;
  else if (detail.isError || !detail.data) body = <ListError onRetry={() => void detail.refetch()} />;
  else body = <ArticleView article={detail.data} />;

  return (
    <div className="forward-page" data-testid="forward-page">
      {body}
      {invite}
    </div>
  );
}
