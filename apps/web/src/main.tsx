import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { findRoute } from './app/routes';
import { initI18n } from './shared/i18n';
import { useAppStore } from './shared/lib/app-store';
import { installGlobalErrorHandlers } from './shared/lib/error-report';
import './app/styles.css';

installGlobalErrorHandlers();

// Fetch the first route's page while the shell starts, rather than after it has rendered.
const firstPath = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
findRoute(firstPath)
  ?.load()
  .catch(() => undefined);

const container = document.getElementById('root');
if (container) {
  void initI18n(useAppStore.getState().language).then(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // After the first screen: antd-mobile's imperative render adapter.
    setTimeout(() => void import('./app/antd-render').then((m) => m.setupAntdRender()), 1000);
  });
}
