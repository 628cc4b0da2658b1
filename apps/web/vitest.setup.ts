import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAppStore } from './src/shared/lib/app-store';

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
