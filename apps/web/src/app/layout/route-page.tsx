import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { APP_VARIANT, variant } from '../../shared/config/app';
import { isPathEnabled, useFeatureConfig } from '../../shared/config/feature-config';
import { useAppStore } from '../../shared/lib/app-store';
import { RouteMetaContext } from '../../shared/lib/route-meta';
import { isTokenValid } from '../../shared/lib/token';
import { EmptyState } from '../../shared/ui/empty-state';
import { ErrorBoundary } from '../../shared/ui/error-boundary';
import { OfflineBanner } from '../../shared/ui/offline-banner';
import { ERROR_PATH, USER_INDEX_PATH, type RouteDef } from '../routes';
import { NavBar } from './nav-bar';
import { PageLoader } from './page-loader';
import { TabBar } from './tab-bar';
import './route-page.css';

const RefreshArea = lazy(() => import('./refresh-area').then((m) => ({ default: m.RefreshArea })));

export interface NoticeState {
  notice?: 'guest';
  /** Where the user was going; the login pages return there. */
  from?: string;
}

/** Spec §2 access rule: whitelisted, or a valid unexpired token (or a refresh token that can renew it). */
const useAllowed = (route: RouteDef): boolean => {
  const session = useAppStore((s) => s.session);
  if (route.whitelist) return true;
  if (!session) return false;
  return isTokenValid(session.accessToken) || isTokenValid(session.refreshToken);
};

/**
 * Clears the stored session and lands on the user index with the guest-mode notice, shown once on the page (a
 * toast of the same words in the middle of the screen covered the login hint, issue 37).
 */
function GuardRedirect() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    useAppStore.getState().clearSession();
    void navigate(USER_INDEX_PATH, { replace: true, state: { notice: 'guest', from: pathname + search } satisfies NoticeState });
  }, [navigate, pathname, search]);
  return null;
}

/**
 * Back: one step in history, or (no history) the home page of this build variant. The browser router keeps
 * the entry index in `history.state.idx`; other routers mark the first entry with the key "default".
 */
export const goBack = (navigate: ReturnType<typeof useNavigate>, locationKey: string, homePath: string = variant.homePath): void => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  const hasHistory = typeof idx === 'number' ? idx > 0 : locationKey !== 'default';
  if (hasHistory) void navigate(-1);
  else void navigate(homePath, { replace: true });
};

/** One page of the app: custom navigation bar, the lazily loaded body, the tab bar on tab pages. */
export function RoutePage({ route }: { route: RouteDef }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = useAllowed(route);
  const title = t(route.titleKey);
  // The variant's config file may switch this page's feature off (spec §7 config variants).
  const enabled = isPathEnabled(useFeatureConfig(), route.path);

  useEffect(() => {
    document.title = `${title} - ${t(`variant.${APP_VARIANT}.name`)}`;
  }, [title, t, i18n.language]);

  useEffect(() => {
    // Start loading the page together with the refresh area rather than after it.
    if (allowed && route.refresh) route.load().catch(() => undefined);
  }, [allowed, route]);

  if (!allowed) return <GuardRedirect />;

  const isTab = route.tab !== undefined;
  const notice = (location.state as NoticeState | null)?.notice;
  const body = enabled ? (
    <PageLoader route={route} />
  ) : (
    <EmptyState title={t('common.featureOff')} description={t('common.featureOffDescription')} testId="feature-off" />
  );

  return (
    <RouteMetaContext.Provider value={{ path: route.path, titleKey: route.titleKey }}>
      <div className={isTab ? 'app-page app-page--tab' : 'app-page'} data-testid="app-page" data-path={route.path}>
        {route.bare ? null : <NavBar title={title} onBack={isTab ? undefined : () => goBack(navigate, location.key)} />}
        {/* Offline, the page stays with what was typed in it (issue 27); the error page says so itself. */}
        {route.path === ERROR_PATH ? null : <OfflineBanner top={route.bare} />}
        <main className="app-page__body">
          {notice === 'guest' ? (
            <div className="app-notice" role="alert" data-testid="guest-notice">
              {t('common.guestNotice')}
            </div>
          ) : null}
          <ErrorBoundary key={route.path}>
            {route.refresh && enabled ? (
              <Suspense fallback={body}>
                <RefreshArea>{body}</RefreshArea>
              </Suspense>
            ) : (
              body
            )}
          </ErrorBoundary>
        </main>
        {isTab ? <TabBar active={route.tab} /> : null}
      </div>
    </RouteMetaContext.Provider>
  );
}
