import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { localeBundles } from './src/app/locales';
import { registerLocaleBundles } from './src/shared/i18n';
import { useAppStore } from './src/shared/lib/app-store';

// The app's messages, as main.tsx registers them at the start.
registerLocaleBundles(localeBundles);

// The app loads antd-mobile's Toast and Dialog on first use (shared/ui/feedback.ts). Loaded here up front,
// so a toast shown at the end of a test cannot still be importing when the test environment is torn down.
await Promise.all([import('antd-mobile/es/components/toast'), import('antd-mobile/es/components/dialog')]);

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState({ session: null, profile: null, language: 'zh-Hans' });
  // Every test decides what the network answers; by default nothing is there.
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('network down in tests'))));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
