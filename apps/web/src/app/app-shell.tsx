import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PlatformServices } from './platform-services';
import { variant } from '../shared/config/app';
import { HomePathContext } from '../shared/lib/route-meta';
import { onGuestRefused, onSessionEnded } from '../shared/lib/session-events';
import { confirmGuestLogin } from '../shared/ui/feedback';
import { InsufficientGoldHost } from '../shared/ui/insufficient-gold-host';
import type { NoticeState } from './layout/route-page';
import { isPageShown, preloadPage } from './layout/page-loader';
import { ERROR_PATH, findRoute, networkErrorPath, USER_INDEX_PATH } from './routes';

/**
 * The root layout: offline → a page on screen stays, under the offline banner (RoutePage), with everything typed in it
 * (issue 27); a page with nothing to show yet (still loading) gives way to the error page (type network), and
 * the network's return goes back to it (spec §2);
 * the API client's "session ended" → user index; a guest refused an operation → the guest-mode notice (the session
 * stays) with a way to log in.
 */
export function AppShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(() => {
    // The error page must open without the network: fetch it (under 1 KB) right after the first render,
    // so that a connection lost soon after opening the app still shows it.
    const errorRoute = findRoute(ERROR_PATH);
    const timer = setTimeout(() => {
      if (errorRoute) void preloadPage(errorRoute);
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const goOffline = () => {
      const { pathname, search } = here.current;
      if (pathname === ERROR_PATH) return;
      const route = findRoute(pathname);
      if (route && isPageShown(route)) return;
      void navigate(networkErrorPath(pathname + search));
    };
    const goOnline = () => {
      const { pathname, search } = here.current;
      const params = new URLSearchParams(search);
      if (pathname !== ERROR_PATH || params.get('type') !== 'network') return;
      void navigate(params.get('from') || variant.homePath, { replace: true });
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, [navigate]);

  useEffect(
    () =>
      onSessionEnded(() => {
        if (here.current.pathname !== USER_INDEX_PATH) void navigate(USER_INDEX_PATH, { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    // Several calls of one page may be refused at once: one notice at a time.
    let asking = false;
    return onGuestRefused(() => {
      if (asking) return;
      asking = true;
      void confirmGuestLogin()
        .then((login) => {
          if (!login) return;
          const { pathname, search } = here.current;
          void navigate(USER_INDEX_PATH, { state: { notice: 'guest', from: pathname + search } satisfies NoticeState });
        })
        .finally(() => {
          asking = false;
        });
    });
  }, [navigate]);

  return (
    <HomePathContext.Provider value={variant.homePath}>
      <PlatformServices />
      <Outlet />
      <InsufficientGoldHost />
    </HomePathContext.Provider>
  );
}

/** Unknown page → the error page (spec §2). */
export function NotFoundRedirect() {
  const { pathname } = useLocation();
  return <Navigate replace to={`${ERROR_PATH}?type=notfound&from=${encodeURIComponent(pathname)}`} />;
}
