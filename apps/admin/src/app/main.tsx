import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { initI18n } from '../shared/i18n';
import { createQueryClient, Providers } from './providers';
import { ConsoleRoutes } from './router';
import './styles.css';

const container = document.getElementById('root');
if (container) {
  void initI18n().then(() => {
    createRoot(container).render(
      <StrictMode>
        <Providers queryClient={createQueryClient()}>
          <HashRouter>
            <ConsoleRoutes />
          </HashRouter>
        </Providers>
      </StrictMode>,
    );
  });
}
