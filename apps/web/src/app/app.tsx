import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import { createQueryClient, Providers } from './providers';
import { AppRoutes } from './router';

/** Hash routing at base `/` (spec §2). */
export function App({ client }: { client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <Providers queryClient={queryClient}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </Providers>
  );
}
