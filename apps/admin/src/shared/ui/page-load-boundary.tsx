import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isCodeLoadError, reloadConsole } from '../lib/fresh-code';

function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('pageLoad.title')}
      subTitle={t('pageLoad.text')}
      data-testid="page-load-failed"
      extra={
        <Button type="primary" data-testid="page-load-retry" onClick={() => void reloadConsole({ userAsked: true })}>
          {t('pageLoad.retry')}
        </Button>
      }
    />
  );
}

/**
 * Around every lazily loaded page: a page whose code failed to load is fetched fresh (shared/lib/fresh-code) at once
 * when the network is up, when it comes back otherwise, or when the operator taps 重试. React's `lazy` keeps a
 * failed import for good, so trying the same component again would fail again.
 */
export class PageLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly onOnline = () => void reloadConsole();

  override componentDidCatch(error: unknown) {
    if (!isCodeLoadError(error)) return;
    window.addEventListener('online', this.onOnline);
    void reloadConsole();
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.onOnline);
  }

  override render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}
