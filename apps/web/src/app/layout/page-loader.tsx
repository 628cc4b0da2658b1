import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PAGE_LOAD_TIMEOUT_MS, PAGE_LOADING_DELAY_MS } from '../../shared/config/app';
import { loadPageMessages } from '../../shared/i18n';
import { reloadForFreshCode } from '../../shared/lib/fresh-code';
import { isOnline } from '../../shared/lib/online';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageLoading } from '../../shared/ui/page-loading';
import { networkErrorPath, type RouteDef } from '../routes';
import './page-loader.css';

const loaded = new Map<RouteDef['load'], ComponentType>();

type State =
  { status: 'loading'; slow: boolean } | { status: 'failed' } | { status: 'ready'; Page: ComponentType };

const withTimeout = <T,>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`page load timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/** Routes whose page is on screen (the shell keeps such a page when the connection drops). */
const shownPages = new Set<string>();

/** Whether the route's page itself is on screen (loaded and rendered), not its loading or failure state. */
export const isPageShown = (route: RouteDef): boolean => shownPages.has(route.path);

/** Renders the page and marks the moment it first shows (`page-ready:<path>`, read by bench/web.bench.mjs). */
function ReadyPage({ Page, path }: { Page: ComponentType; path: string }) {
  useEffect(() => {
    performance.mark?.(`page-ready:${path}`);
    shownPages.add(path);
    return () => {
      shownPages.delete(path);
    };
  }, [path]);
  return <Page />;
}

/** A page that could not load because the connection is gone has nothing to show: the network error page. */
function OfflineRedirect() {
  const { pathname, search } = useLocation();
  return <Navigate replace to={networkErrorPath(pathname + search)} />;
}

/** A route's page together with the messages it shows (the other features' unless it needs only the shell's). */
const loadPage = (route: RouteDef): Promise<ComponentType> =>
  route.shellMessages ? route.load() : Promise.all([route.load(), loadPageMessages()]).then(([Page]) => Page);

/** Loads a page ahead of need (the error page, so that it opens offline). */
export const preloadPage = async (route: RouteDef): Promise<void> => {
  if (loaded.has(route.load)) return;
  try {
    loaded.set(route.load, await loadPage(route));
  } catch {
    // Loaded again when the route opens.
  }
};

/**
 * Loads a route's page on demand (spec §9): the loading indicator appears only after 200 ms; a page that
 * fails to load or takes over 60 s shows the connection-timeout message, and a tap retries. Code that fails while
 * the network is up is fetched fresh by a reload (shared/lib/fresh-code: a new build, or a browser that keeps the
 * failed import); offline, the network error page waits for the network.
 */
export function PageLoader({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const cached = loaded.get(route.load);
  // 0 on opening; each tap on 重试 counts one up.
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(
    cached ? { status: 'ready', Page: cached } : { status: 'loading', slow: false },
  );

  useEffect(() => {
    // The page may have arrived (preloaded) between the first render and this effect.
    const ready = loaded.get(route.load);
    if (ready) {
      startTransition(() => setState((s) => (s.status === 'ready' && s.Page === ready ? s : { status: 'ready', Page: ready })));
      return;
    }
    let alive = true;
    const slow = setTimeout(() => {
      if (alive) setState((s) => (s.status === 'loading' ? { status: 'loading', slow: true } : s));
    }, PAGE_LOADING_DELAY_MS);
    withTimeout(loadPage(route), PAGE_LOAD_TIMEOUT_MS).then(
      (Page) => {
        loaded.set(route.load, Page);
        // A page's first render is the longest task of opening it: a transition renders it in short slices.
        if (alive) startTransition(() => setState({ status: 'ready', Page }));
      },
      (error: unknown) => {
        console.warn('[page] load failed', route.path, error);
        if (!alive) return;
        void reloadForFreshCode({ userAsked: attempt > 0 }).then((reloading) => {
          if (alive && !reloading) setState({ status: 'failed' });
        });
      },
    );
    return () => {
      alive = false;
      clearTimeout(slow);
    };
  }, [route, attempt]);

  if (state.status === 'ready') return <ReadyPage Page={state.Page} path={route.path} />;
  if (state.status === 'failed') {
    if (!isOnline()) return <OfflineRedirect />;
    return (
      <button
        type="button"
        className="page-loader__retry"
        data-testid="page-load-retry"
        onClick={() => {
          setState({ status: 'loading', slow: false });
          setAttempt((n) => n + 1);
        }}
      >
        <EmptyState
          image="network"
          title={t('common.pageLoadFailed')}
          description={t('common.connectionTimeout')}
        />
      </button>
    );
  }
  return state.slow ? <PageLoading testId="page-loading" /> : null;
}
