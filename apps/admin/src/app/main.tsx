import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { initI18n } from '../shared/i18n';
import { reloadConsole } from '../shared/lib/fresh-code';
import { createQueryClient, Providers } from './providers';
import { ConsoleRoutes } from './router';
import './styles.css';

// Vite announces every chunk that failed (a page, a locale): online, the console fetches its current code.
window.addEventListener('vite:preloadError', () => void reloadConsole());

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
