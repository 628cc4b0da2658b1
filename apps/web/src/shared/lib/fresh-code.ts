import { isOnline } from './online';

/**
 * Code that fails to load while the network is up does not come back by importing the same address again: either
 * a new build replaced the assets under the open page (its old chunks are gone), or the browser keeps a failed
 * dynamic import for the document's life (Chromium has done so: after a network blip the page's chunk failed again
 * on every attempt). A reload fetches the current index.html with a fresh module map. Typed text survives it: drafts
 * are written on `pagehide` (use-draft).
 */

/** A second automatic reload within this time is not made (a chunk that fails after a reload would loop). */
export const FRESH_CODE_RELOAD_GUARD_MS = 30_000;

const RELOADED_AT_KEY = 'fresh-code:reloaded-at';

const lastReload = (): number => {
  try {
    return Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
};

const markReload = (): void => {
  try {
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    // Without session storage the guard cannot hold: better no reload than a loop.
  }
};

/** A reload while the server does not answer would leave the user on the browser's own error page. */
const serverAnswers = async (): Promise<boolean> => {
  try {
    const response = await fetch(window.location.pathname || '/', { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
};

/** The browser's reload (replaced in component tests, where jsdom cannot navigate). */
export const documentReload = { run: (): void => window.location.reload() };

let pending: Promise<boolean> | undefined;

/**
 * Reloads the app to get its current code, when the network is up and the server answers; answers whether it does.
 * Without `userAsked` (a failure noticed by the app), at most once per guard period; a tap on 重试 always may.
 */
export const reloadForFreshCode = ({ userAsked = false } = {}): Promise<boolean> => {
  pending ??= (async () => {
    if (!isOnline()) return false;
    if (!userAsked && Date.now() - lastReload() < FRESH_CODE_RELOAD_GUARD_MS) return false;
    if (!(await serverAnswers())) return false;
    markReload();
    documentReload.run();
    return true;
  })().finally(() => {
    pending = undefined;
  });
  return pending;
};

/**
 * Vite announces every failed chunk or preload (`vite:preloadError`): a page, a lazily loaded sheet, messages. Offline
 * the app waits for the network instead (the error page, retryWhenOnline); online, the fresh code is fetched.
 */
export const installFreshCodeRecovery = (): void => {
  window.addEventListener('vite:preloadError', () => {
    void reloadForFreshCode();
  });
};
