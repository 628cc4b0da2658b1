import { useEffect } from 'react';
import { useSearchParams, type NavigateFunction } from 'react-router';
import { t } from '../i18n';
import { showToast } from '../ui/feedback';

/** The bottom bar's pages, in order (the route table gives them tab indexes 0–3; router.test checks they agree). */
export const TAB_PATHS = ['/pages/index/index', '/pages/plaza/index', '/pages/index/ai', '/pages/me/index'] as const;

/**
 * Goes to a tab page, replacing the current entry (a tab is never stacked). A path that is no tab page is refused
 * with the framework's "not a tab bar page" text (spec §8), as the mini-program framework refuses it.
 */
export const switchTab = (navigate: NavigateFunction, path: string): boolean => {
  if (!(TAB_PATHS as readonly string[]).includes(path.split('?')[0] ?? path)) {
    console.warn(`[tabs] ${path}: ${t('common.notTabBarPage')}`);
    showToast(t('common.notTabBarPage'), 'fail');
    return false;
  }
  void navigate(path, { replace: true });
  return true;
};

/**
 * The tab a page was opened on (`?tab=`, or another parameter naming a tab): absent means the first tab; a name the
 * page has no tab for falls back to the first tab with the framework's "tab item not found" text (spec §8).
 */
export const useTabParam = <T extends string>(tabs: readonly T[], param = 'tab'): T => {
  const [params] = useSearchParams();
  const asked = params.get(param);
  const known = asked === null || (tabs as readonly string[]).includes(asked);
  useEffect(() => {
    if (known) return;
    console.warn(`[tabs] ${param}=${asked}: ${t('common.tabItemNotFound')}`);
    showToast(t('common.tabItemNotFound'), 'fail');
  }, [asked, known, param]);
  return known && asked !== null ? (asked as T) : tabs[0]!;
};
