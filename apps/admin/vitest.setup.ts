import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { reloadSession } from './src/shared/lib/session';

// Pages load lazily (a first import transforms a whole antd component tree, over 10 s on a busy 2-core
// machine): allow for it when waiting.
configure({ asyncUtilTimeout: 25_000 });

// antd reads these browser APIs, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// jsdom's getComputedStyle does not take a pseudo-element; antd's scrollbar measure passes one.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

beforeEach(() => {
  localStorage.clear();
  reloadSession();
  // Every test decides what the network answers; by default nothing is there.
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('network down in tests'))));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
