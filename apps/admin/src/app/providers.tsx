import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../shared/i18n';

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } } });

/** antd's own texts (pagination, pickers, empty tables) in the operator's language, loaded with it. */
const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  'zh-Hans': () => import('antd/es/locale/zh_CN'),
  'zh-Hant': () => import('antd/es/locale/zh_TW'),
  en: () => import('antd/es/locale/en_US'),
  es: () => import('antd/es/locale/es_ES'),
  fr: () => import('antd/es/locale/fr_FR'),
};

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    let live = true;
    void antdLocales[i18n.language as Language]?.().then((m) => live && setLocale(m.default));
    return () => {
      live = false;
    };
  }, [i18n.language]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#5b5bf6', borderRadius: 6 } }}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
