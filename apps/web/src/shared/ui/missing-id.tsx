import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from './empty-state';

/**
 * A detail page opened without the id of what it shows (an incomplete link): says what is missing instead of a
 * load failure, with a way back. `what` is the thing's name in the user's language (作品, 模板…).
 */
export function MissingId({ what, back = '/pages/index/index' }: { what: string; back?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      image="lost"
      testId="missing-id"
      title={t('common.missingId.title', { what })}
      description={t('common.missingId.description')}
      action={
        <Link className="app-button" to={back} replace>
          {t('common.back')}
        </Link>
      }
    />
  );
}
