import { useState } from 'react';
import { HashRouter } from 'react-router';
import { createQueryClient, Providers } from './providers';
import { AppRoutes } from './router';

/** Hash routing at base `/` (spec §2). */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </Providers>
  );
}
