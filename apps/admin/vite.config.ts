import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
// The web app's build steps, shared rather than copied: only method and path of each endpoint reach the
// browser (no zod), contract constants are tree-shaken, and every asset gets `.br` / `.gz` copies.
import { contractPurePlugin } from '../web/build/contract-pure-plugin.ts';
import { endpointManifestPlugin } from '../web/build/endpoint-manifest-plugin.ts';
import { precompressPlugin } from '../web/build/precompress-plugin.ts';

export default defineConfig(({ command }) => {
  const contractEntry = new URL('../../packages/contract/src/index.ts', import.meta.url);
  return {
    // Served by the API server at /admin/ (apps/server/src/app.ts).
    base: '/admin/',
    plugins: [react(), endpointManifestPlugin(contractEntry.href), contractPurePlugin(), precompressPlugin()],
    resolve: {
      alias: {
        '@app/contract': fileURLToPath(contractEntry),
        // react-router's package exports name only its development build; its production build (no dev
        // warnings) ships beside it.
        ...(command === 'build'
          ? { 'react-router': fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }
          : {}),
      },
      dedupe: ['react', 'react-dom'],
    },
    build: {
      modulePreload: { polyfill: false },
      chunkSizeWarningLimit: 1200,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              // The chart library loads with the dashboard's charts only, never on the first screen.
              { name: 'charts', test: /[\\/]node_modules[\\/](echarts|zrender)[\\/]/ },
            ],
          },
        },
      },
    },
    server: {
      port: 5174,
      proxy: { '/api': 'http://localhost:8080', '/static': 'http://localhost:8080', '/uploads': 'http://localhost:8080' },
    },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./vitest.setup.ts'],
      testTimeout: 60_000,
    },
  };
});
