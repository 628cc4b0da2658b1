import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../lib/api/api-error';
import { EmptyState, LoadFailed } from './empty-state';

/** The server answered that the record asked for does not exist (any more). */
export const isNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;

/**
 * A detail page that could not show its record: one that is gone (404, or no record in the answer) says "data not
 * found" (spec §8) with a way back; any other failure offers to load it again.
 */
export function DetailError({ error, onRetry, back }: { error: unknown; onRetry: () => void; back?: string }) {
  const { t } = useTranslation();
  if (!error || isNotFound(error))
    return (
      <EmptyState
        image="lost"
        testId="data-not-found"
        title={t('common.dataNotFound')}
        action={
          back ? (
            <Link className="app-button" to={back} replace>
              {t('common.back')}
            </Link>
          ) : undefined
        }
      />
    );
  return (
    <LoadFailed testId="detail-error" title={t('common.pageLoadFailed')} onRetry={onRetry} />
  );
}
