import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHomePath, useRouteMeta } from '../lib/route-meta';
import { EmptyState } from './empty-state';

/** The body of a route that no feature fills yet: an empty state naming the page, in the user's language. */
export function EmptyPage() {
  const { t } = useTranslation();
  const { titleKey } = useRouteMeta();
  const navigate = useNavigate();
  const home = useHomePath();
  return (
    <EmptyState
      title={t('common.emptyTitle')}
      description={t('common.emptyDescription', { title: t(titleKey) })}
      action={
        <button type="button" className="app-button app-button--ghost" onClick={() => void navigate(home)}>
          {t('common.backHome')}
        </button>
      }
    />
  );
}
