import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useHomePath } from '../../../shared/lib/route-meta';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';

/**
 * Spec §2 access error page; receives `type` (network, notfound) and `from`. Offline, it waits for the
 * network (the shell brings the user back) and offers a retry.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = useHomePath();
  const [params] = useSearchParams();
  const type = params.get('type');
  const from = params.get('from');

  if (type === 'network') {
    return (
      <LoadFailed
        testId="error-network"
        title={t('error.networkTitle')}
        description={t('error.networkDescription')}
        onRetry={() => {
          if (navigator.onLine) void navigate(from || home, { replace: true });
        }}
      />
    );
  }
  const notFound = type === 'notfound';
  return (
    <EmptyState
      image="lost"
      testId={notFound ? 'error-notfound' : 'error-default'}
      title={notFound ? t('error.notFoundTitle') : t('error.defaultTitle')}
      description={notFound ? t('error.notFoundDescription') : t('error.defaultDescription')}
      action={
        <button type="button" className="app-button" onClick={() => void navigate(home, { replace: true })}>
          {t('common.backHome')}
        </button>
      }
    />
  );
}
