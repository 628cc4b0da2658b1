/**
 * The console's code, fetched fresh. A page whose chunk fails while the network is up will not load by importing
 * the same address again: a new build replaced the assets under the open console, or the browser keeps the failed
 * import for the document's life. A reload brings the current index.html and a fresh module map; offline, the
 * console waits for the network first.
 */
const GUARD_MS = 30_000;
const KEY = 'console:fresh-code-at';

/** The browser's reload (replaced in component tests, where jsdom cannot navigate). */
export const consoleReload = { run: (): void => window.location.reload() };

/** Whether an error is a chunk of code (or its CSS) that could not be fetched. */
export const isCodeLoadError = (error: unknown): boolean =>
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(String(error));

/**
 * Reloads when the server answers (never onto the browser's own error page). An automatic reload happens at most
 * once per 30 s so that a chunk that still fails cannot loop; a tap on 重试 always may.
 */
export const reloadConsole = async ({ userAsked = false } = {}): Promise<boolean> => {
  const last = Number(sessionStorage.getItem(KEY) ?? 0) || 0;
  if (!navigator.onLine || (!userAsked && Date.now() - last < GUARD_MS)) return false;
  const answers = await fetch(window.location.pathname, { method: 'HEAD', cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  );
  if (!answers) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  consoleReload.run();
  return true;
};
