import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { localeBundles } from './app/locales';
import { preloadPage } from './app/layout/page-loader';
import { createQueryClient } from './app/providers';
import { findRoute } from './app/routes';
import { PAGE_LOADING_DELAY_MS } from './shared/config/app';
import { initI18n, registerLocaleBundles } from './shared/i18n';
import { useAppStore } from './shared/lib/app-store';
import { installGlobalErrorHandlers } from './shared/lib/error-report';
import { installFreshCodeRecovery } from './shared/lib/fresh-code';
import { retryWhenOnline } from './shared/lib/online';
// antd-mobile's theme variables (--adm-color-background …) before the app's overrides: without them every
// Dialog, ActionSheet and Popup body is transparent.
import 'antd-mobile/es/global';
import './app/styles.css';

installGlobalErrorHandlers();
installFreshCodeRecovery();
registerLocaleBundles(localeBundles);

const [firstPath = '', firstSearch = ''] = window.location.hash.replace(/^#/, '').split('?');
const firstRoute = findRoute(firstPath || '/');

const container = document.getElementById('root');
if (container) {
  const started = initI18n(useAppStore.getState().language, { pageMessages: false });
  // The first page (with its messages) loads while the shell starts. The first render waits for it as long as
  // the page's loading indicator would stay hidden, so that shell and page usually appear in one paint rather
  // than the page rendering and laying out again right after the shell.
  const firstPage = firstRoute ? preloadPage(firstRoute) : undefined;
  // Its first data too (the plaza's first cards), rather than once the page has rendered.
  const queryClient = createQueryClient();
  void firstRoute?.prefetch?.(queryClient, new URLSearchParams(firstSearch));
  const shortly = new Promise((resolve) => setTimeout(resolve, PAGE_LOADING_DELAY_MS));
  void Promise.all([started, Promise.race([firstPage, shortly])]).then(() => {
    const root = createRoot(container);
    // A transition renders in short slices rather than one long task that would hold up the main thread.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App client={queryClient} />
        </StrictMode>,
      ),
    );
    // After the first screen: antd-mobile's imperative render adapter (again once back online if the
    // connection was gone at that moment).
    setTimeout(() => {
      retryWhenOnline(() => import('./app/antd-render')).then((m) => m.setupAntdRender(), (error: unknown) => console.warn('[antd-render]', error));
    }, 1000);
  });
}
