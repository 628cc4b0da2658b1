import { useTranslation } from 'react-i18next';
import './page-loading.css';

/**
 * A page's own first load (its data on the way): a spinner and 加载中… in the middle of the page, like the
 * route loader, never a bare line of grey text in the top-left corner.
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
