import type { Locale } from '@app/contract';
import { QueryCache, QueryClient, QueryClientProvider, useQueryClient, type Query } from '@tanstack/react-query';
import type ConfigProvider from 'antd-mobile/es/components/config-provider';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useAppStore } from '../shared/lib/app-store';
import { i18n, loadLanguage } from '../shared/i18n';
import { isApiError } from '../shared/lib/api/api-error';
import { confirmRetry } from '../shared/ui/feedback';

type AntdLocale = NonNullable<Parameters<typeof ConfigProvider>[0]['locale']>;
interface AntdConfig {
  Provider: typeof ConfigProvider;
  locale: AntdLocale;
}

/**
 * antd-mobile's own texts follow the app language. zh-CN is antd-mobile's built-in default, so its
 * ConfigProvider is loaded, with the locale, only for the other languages.
 */
const antdLocales: Record<Exclude<Locale, 'zh-Hans'>, () => Promise<{ default: AntdLocale }>> = {
  'zh-Hant': () => import('antd-mobile/es/locales/zh-TW'),
  en: () => import('antd-mobile/es/locales/en-US'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
};
const loadAntdConfig = (language: Exclude<Locale, 'zh-Hans'>): Promise<AntdConfig> =>
  Promise.all([import('antd-mobile/es/components/config-provider'), antdLocales[language]()]).then(
    ([provider, locale]) => ({ Provider: provider.default, locale: locale.default }),
  );

/**
 * Spec §8's retry notice, for every read the app shows (list and detail pages, dictionaries): a query on screen with
 * nothing to show yet that fails for good because the server was not reached or failed on its side (not a refusal:
 * 4xx) opens one notice at a time; accepting it fetches again every query on screen that failed. A failed refresh of
 * what is already shown (a poll, the next page) does not interrupt.
 */
const offerRetry = (getClient: () => QueryClient) => {
  let open = false;
  return async (error: unknown, query: Query<unknown, unknown, unknown, readonly unknown[]>) => {
    if (open || !isApiError(error) || !error.repeatable) return;
    if (query.state.data !== undefined || query.getObserversCount() === 0) return;
    open = true;
    const retry = await confirmRetry(error.message).catch(() => false);
    open = false;
    if (retry) await getClient().refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
  };
};

export const createQueryClient = () => {
  const onError = offerRetry(() => client);
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => void onError(error, query) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not get better by repeating them.
        retry: (count, error) => count < 1 && !(isApiError(error) && error.status !== undefined && error.status < 500),
      },
    },
  });
  return client;
};

function LanguageSync({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  const [antd, setAntd] = useState<AntdConfig>();
  const queryClient = useQueryClient();
  const shown = useRef(language);
  useEffect(() => {
    // The server answers names (packages, banners, templates…) in the language asked for: a switch fetches
    // what is on screen again, in the new language (every call sends it as Accept-Language).
    if (shown.current === language) return;
    shown.current = language;
    void queryClient.invalidateQueries();
  }, [language, queryClient]);
  useEffect(() => {
    let alive = true;
    void loadLanguage(language);
    if (language === 'zh-Hans') setAntd(undefined);
    else
      void loadAntdConfig(language).then((config) => {
        if (alive) setAntd(config);
      });
    return () => {
      alive = false;
    };
  }, [language]);
  // antd-mobile's default configuration is zh-CN; an explicit `locale={undefined}` would erase it.
  return antd ? <antd.Provider locale={antd.locale}>{children}</antd.Provider> : <>{children}</>;
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LanguageSync>{children}</LanguageSync>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
