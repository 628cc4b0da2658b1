import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../lib/error-report';
import { EmptyState } from './empty-state';

/** Catches render errors of a page: logs and reports them (spec §1 global error handler), shows a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    void reportError(error instanceof Error ? error : new Error(String(error)), 'react');
    if (info.componentStack) console.error('[app-error] component stack', info.componentStack);
  }

  override render() {
    return this.state.error !== undefined ? <CrashNotice onRetry={() => this.setState({ error: undefined })} /> : this.props.children;
  }
}

function CrashNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      image="lost"
      testId="crash-notice"
      title={t('error.crashTitle')}
      description={t('error.crashDescription')}
      action={
        <button type="button" className="app-button" onClick={onRetry}>
          {t('error.reload')}
        </button>
      }
    />
  );
}
