import type { ComponentType } from 'react';

/**
 * The one route table: every path of spec §2 with its title key, tab index, whitelist flag (opens
 * without a token) and pull-to-refresh flag. Pages are loaded on demand; a route no feature fills yet
 * opens the shared empty page, which shows a proper empty state in the user's language.
 */
export interface RouteDef {
  path: string;
  /** i18n key of the navigation-bar and document title. */
  titleKey: string;
  /** Index in the bottom tab bar (tab pages only). */
  tab?: 0 | 1 | 2 | 3;
  /** Opens without a login token (spec §2 access rules). */
  whitelist: boolean;
  /** antd-mobile pull-to-refresh on the page body. */
  refresh: boolean;
  /** The page shows no navigation bar of the shell (it draws its own header). */
  bare?: boolean;
  load: () => Promise<ComponentType>;
}

const emptyPage = () => import('../shared/ui/empty-page').then((m) => m.EmptyPage);

type Options = Partial<Pick<RouteDef, 'tab' | 'whitelist' | 'refresh' | 'bare' | 'load'>>;
const route = (path: string, title: string, options: Options = {}): RouteDef => ({
  path,
  titleKey: `title.${title}`,
  whitelist: false,
  refresh: false,
  load: emptyPage,
  ...options,
});
const open = { whitelist: true } as const;

export const GUIDE_PATH = '/';
export const USER_INDEX_PATH = '/pages/user/index';
export const ERROR_PATH = '/pages/error/error';
export const SETTINGS_PATH = '/set/index';

const guidePage = () => import('../features/guide/pages/guide-page').then((m) => m.GuidePage);

export const routes: RouteDef[] = [
  // Tab pages
  route('/pages/index/index', 'home', { tab: 0, load: () => import('../features/home/pages/home-page').then((m) => m.HomePage) }),
  route('/pages/plaza/index', 'plaza', { tab: 1, ...open }),
  route('/pages/index/ai', 'ai', { tab: 2 }),
  route('/pages/me/index', 'mine', { tab: 3, refresh: true, load: () => import('../features/me/pages/mine-page').then((m) => m.MinePage) }),
  // User area
  route(GUIDE_PATH, 'guide', { ...open, bare: true, load: guidePage }),
  route('/pages/user/guide', 'guide', { ...open, bare: true, load: guidePage }),
  route('/pages/user/download', 'download', { ...open, load: () => import('../features/user/pages/download-page').then((m) => m.DownloadPage) }),
  route(USER_INDEX_PATH, 'userIndex', { ...open, load: () => import('../features/user/pages/user-index-page').then((m) => m.UserIndexPage) }),
  route('/pages/user/login', 'login', { ...open, load: () => import('../features/user/pages/login-page').then((m) => m.LoginPage) }),
  route('/pages/user/passwd', 'passwd', { ...open, load: () => import('../features/user/pages/passwd-page').then((m) => m.PasswdPage) }),
  route('/pages/user/forget', 'forget', { ...open, load: () => import('../features/user/pages/forget-page').then((m) => m.ForgetPage) }),
  route('/pages/user/bind', 'bind', { ...open, load: () => import('../features/user/pages/bind-page').then((m) => m.BindPage) }),
  route('/pages/user/service', 'service', { ...open, load: () => import('../features/user/pages/doc-page').then((m) => m.ServicePage) }),
  route('/pages/user/privacy', 'privacy', { ...open, load: () => import('../features/user/pages/doc-page').then((m) => m.PrivacyPage) }),
  route('/pages/user/data', 'userData', { ...open, load: () => import('../features/user/pages/doc-page').then((m) => m.UserGuidePage) }),
  // Home area
  route('/pages/index/notify/index', 'notify'),
  route('/pages/index/vip/index', 'vip'),
  route('/pages/index/vip/detail', 'vipDetail'),
  route('/pages/index/vip/expenseCalendar', 'expenseCalendar'),
  route('/pages/index/vip/consumptionRecordDetails', 'consumptionDetail'),
  route('/pages/index/coupons/index', 'coupons'),
  route('/pages/index/coupons/code', 'couponCode'),
  route('/pages/index/coupons/mine', 'myReferral'),
  route('/pages/index/history', 'history'),
  route('/pages/index/temps/index', 'temps'),
  route('/pages/index/temps/detail', 'tempDetail'),
  route('/pages/index/create/index', 'create'),
  // Detail pages
  route('/pages/detail/copy', 'copy'),
  route('/pages/detail/article', 'article', open),
  route('/pages/detail/post', 'post'),
  route('/pages/detail/banner', 'banner'),
  route('/pages/detail/screenshot', 'screenshot'),
  route('/pages/detail/result', 'result'),
  route('/pages/detail/welfare', 'welfare'),
  route('/pages/detail/popularize', 'popularize'),
  route('/pages/detail/popularize-reward', 'popularizeReward'),
  // Me area
  route('/pages/me/profile', 'meProfile', { load: () => import('../features/me/pages/profile-page').then((m) => m.ProfilePage) }),
  route('/pages/me/draft', 'draft'),
  route(ERROR_PATH, 'error', { ...open, load: () => import('../features/error/pages/error-page').then((m) => m.ErrorPage) }),
  // Real-name
  route('/auth/index', 'realName', { load: () => import('../features/real-name/pages/real-name-page').then((m) => m.RealNamePage) }),
  route('/auth/result', 'realNameResult', { load: () => import('../features/real-name/pages/real-name-result-page').then((m) => m.RealNameResultPage) }),
  // Settings
  route(SETTINGS_PATH, 'settings', { load: () => import('../features/settings/pages/settings-page').then((m) => m.SettingsPage) }),
  route('/set/about', 'about', { load: () => import('../features/settings/pages/about-page').then((m) => m.AboutPage) }),
  route('/set/logs', 'logs'),
  route('/set/phone', 'phone', { load: () => import('../features/account/pages/phone-page').then((m) => m.PhonePage) }),
  route('/set/wallpaper', 'wallpaper'),
  route('/set/files', 'files'),
  route('/set/account/index', 'account', { load: () => import('../features/account/pages/account-page').then((m) => m.AccountPage) }),
  route('/set/account/fixpwd', 'fixpwd', { load: () => import('../features/account/pages/password-pages').then((m) => m.FixPwdPage) }),
  route('/set/account/passwd', 'setpwd', { load: () => import('../features/account/pages/password-pages').then((m) => m.SetPwdPage) }),
  route('/set/account/block', 'block', { load: () => import('../features/account/pages/block-page').then((m) => m.BlockPage) }),
  route('/set/account/logout', 'logout', { load: () => import('../features/account/pages/delete-pages').then((m) => m.DeleteAccountPage) }),
  route('/set/account/logout-known', 'logoutKnown', { load: () => import('../features/account/pages/delete-pages').then((m) => m.LogoutKnownPage) }),
  route('/set/help/service', 'helpService'),
  route('/set/help/index', 'help'),
  route('/set/help/feedback', 'feedback'),
  route('/set/help/report', 'report'),
  // Activities
  route('/activity/sign/index', 'sign'),
  route('/activity/exchange/index', 'exchange'),
  route('/activity/lucky/index', 'lucky'),
  route('/activity/votePage/votePage', 'vote'),
  // Media
  route('/media/dub/index', 'dub'),
  route('/media/dub/list', 'dubList'),
  route('/media/video/index', 'video'),
  route('/media/video/list', 'videoList'),
  // Drawing
  route('/draw/index', 'draw', { refresh: true }),
  route('/draw/home/hall', 'hall', { refresh: true }),
  route('/draw/home/detail', 'drawDetail'),
  route('/draw/publish/canema', 'publishImage'),
  route('/draw/publish/article', 'textToImage'),
  route('/draw/me/profile', 'drawProfile', { refresh: true }),
  route('/draw/me/info', 'drawInfo', { refresh: true }),
  route('/draw/me/tutorial', 'tutorial'),
];

/** Spec §2 whitelist; `/pages/detail/forward` is on it although no page of that path exists yet. */
export const WHITELIST: readonly string[] = [
  ...routes.filter((r) => r.whitelist).map((r) => r.path),
  '/pages/detail/forward',
];

export const TAB_ROUTES = routes
  .filter((r): r is RouteDef & { tab: 0 | 1 | 2 | 3 } => r.tab !== undefined)
  .sort((a, b) => a.tab - b.tab);

const byPath = new Map(routes.map((r) => [r.path, r]));
export const findRoute = (path: string): RouteDef | undefined => byPath.get(path);
export const isWhitelisted = (path: string): boolean => WHITELIST.includes(path);
