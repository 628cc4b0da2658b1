import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractPurePlugin } from './build/contract-pure-plugin.ts';
import { endpointManifestPlugin } from './build/endpoint-manifest-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { routePreloadPlugin } from './build/route-preload-plugin.ts';
import { variantPlugin } from './build/variant-plugin.ts';
import { resolveVariantId } from './src/shared/config/variants.ts';

export default defineConfig(({ mode }) => {
  const variant = resolveVariantId(mode);
  const contractEntry = new URL('../../packages/contract/src/index.ts', import.meta.url);
  return {
    base: './',
    plugins: [react(), variantPlugin(variant), endpointManifestPlugin(contractEntry.href), contractPurePlugin(), routePreloadPlugin(), precompressPlugin()],
    define: { __APP_VARIANT__: JSON.stringify(variant) },
    resolve: {
      alias: {
        '@app/contract': fileURLToPath(contractEntry),
      },
      dedupe: ['react', 'react-dom'],
    },
    build: {
      cssCodeSplit: true,
      modulePreload: { polyfill: false },
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // React in a chunk of its own: unchanged between releases, so it stays cached when the app changes.
            groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
          },
        },
      },
    },
    server: { proxy: { '/api': 'http://localhost:8080', '/static': 'http://localhost:8080', '/hubs': { target: 'ws://localhost:8080', ws: true } } },
    preview: { proxy: { '/api': 'http://localhost:8080', '/static': 'http://localhost:8080' } },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./vitest.setup.ts'],
      testTimeout: 15000,
    },
  };
});
