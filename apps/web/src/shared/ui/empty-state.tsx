import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './empty-state.css';

interface EmptyStateProps {
  title: string;
  description?: string;
  /** Picture: a box (default), the network or a lost page. */
  image?: 'empty' | 'network' | 'lost';
  action?: ReactNode;
  testId?: string;
}

const pictures: Record<NonNullable<EmptyStateProps['image']>, ReactNode> = {
  empty: (
    <>
      <path d="M24 52 60 34l36 18v40L60 110 24 92z" fill="#E8F1FE" />
      <path d="M24 52 60 70l36-18M60 70v40" stroke="#2384F5" strokeWidth="3" fill="none" strokeLinejoin="round" />
      <path d="M24 52 60 34l36 18v40L60 110 24 92z" stroke="#2384F5" strokeWidth="3" fill="none" strokeLinejoin="round" />
      <path d="M44 26l-6-10M60 22V10M76 26l6-10" stroke="#9CC4F9" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  network: (
    <>
      <circle cx="60" cy="62" r="44" fill="#E8F1FE" />
      <path d="M30 56a42 42 0 0 1 60 0M40 67a28 28 0 0 1 40 0M50 78a14 14 0 0 1 20 0" stroke="#2384F5" strokeWidth="4" fill="none" strokeLinecap="round" />
      <circle cx="60" cy="88" r="4" fill="#2384F5" />
      <path d="M28 30l64 64" stroke="#FF6A5C" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
  lost: (
    <>
      <circle cx="60" cy="62" r="44" fill="#E8F1FE" />
      <circle cx="54" cy="56" r="20" stroke="#2384F5" strokeWidth="4" fill="#fff" />
      <path d="M68 70l18 18" stroke="#2384F5" strokeWidth="6" strokeLinecap="round" />
      <path d="M49 51l10 10M59 51 49 61" stroke="#FF6A5C" strokeWidth="3.5" strokeLinecap="round" />
    </>
  ),
};

export function EmptyState({ title, description, image = 'empty', action, testId }: EmptyStateProps) {
  return (
    <div className="empty-state" data-testid={testId ?? 'empty-state'}>
      <svg className="empty-state__image" viewBox="0 0 120 120" aria-hidden="true">
        {pictures[image]}
      </svg>
      <p className="empty-state__title">{title}</p>
      {description ? <p className="empty-state__description">{description}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}

/** A page or list that could not load: the network picture, what failed, and a button to load it again. */
export function LoadFailed({
  title,
  description,
  onRetry,
  testId,
}: {
  title: string;
  description?: string;
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      image="network"
      title={title}
      description={description}
      testId={testId}
      action={
        <button type="button" className="app-button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}
