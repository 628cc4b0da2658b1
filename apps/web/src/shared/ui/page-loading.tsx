import { useTranslation } from 'react-i18next';
import './page-loading.css';

/**
 * Loading: a spinner and 加载中… in the middle of the page, never a bare line of grey text in the top-left
 * corner. Shown by a page while its own data is on the way, and by the route loader while a page's code is.
 */
export function PageLoading({ testId = 'page-data-loading' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" data-testid={testId}>
      <span className="page-loading__spinner" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
