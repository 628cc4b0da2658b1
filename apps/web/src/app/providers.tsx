import type { Locale } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useAppStore } from '../shared/lib/app-store';
import { i18n, loadLanguage } from '../shared/i18n';
import { isApiError } from '../shared/lib/api/api-error';

type AntdLocale = Parameters<typeof ConfigProvider>[0]['locale'];

/** antd-mobile's own texts follow the app language (zh-CN is antd-mobile's built-in default). */
const antdLocales: Record<Exclude<Locale, 'zh-Hans'>, () => Promise<{ default: NonNullable<AntdLocale> }>> = {
  'zh-Hant': () => import('antd-mobile/es/locales/zh-TW'),
  en: () => import('antd-mobile/es/locales/en-US'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
};

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not get better by repeating them.
        retry: (count, error) => count < 1 && !(isApiError(error) && error.status !== undefined && error.status < 500),
      },
    },
  });

function LanguageSync({ children }: { children: ReactNode }) {
  const language = useAppStore((s) => s.language);
  const [antdLocale, setAntdLocale] = useState<AntdLocale>(undefined);
  useEffect(() => {
    let alive = true;
    void loadLanguage(language);
    if (language === 'zh-Hans') setAntdLocale(undefined);
    else
      void antdLocales[language]().then((m) => {
        if (alive) setAntdLocale(m.default);
      });
    return () => {
      alive = false;
    };
  }, [language]);
  // antd-mobile's default configuration is zh-CN; an explicit `locale={undefined}` would erase it.
  return antdLocale ? <ConfigProvider locale={antdLocale}>{children}</ConfigProvider> : <>{children}</>;
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
