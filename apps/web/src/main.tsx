import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { setupAntdRender } from './app/providers';
import { initI18n } from './shared/i18n';
import { useAppStore } from './shared/lib/app-store';
import { installGlobalErrorHandlers } from './shared/lib/error-report';
import './app/styles.css';

installGlobalErrorHandlers();
setupAntdRender();

const container = document.getElementById('root');
if (container) {
  void initI18n(useAppStore.getState().language).then(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
