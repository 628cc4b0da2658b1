import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prefetchPlazaList } from '../features/plaza/api/articles';

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
  /** Pull-to-refresh on the page body. */
  refresh: boolean;
  /** The page shows no navigation bar of the shell (it draws its own header). */
  bare?: boolean;
  /**
   * The page shows only the shell's messages (shared/i18n: shared texts and the home and plaza tabs' features),
   * so it opens without the other features' messages (checked by i18n.test.ts).
   */
  shellMessages?: true;
  load: () => Promise<ComponentType>;
  /** When the route is the first screen: starts its first data beside its code (`?…` of the address given). */
  prefetch?: (client: QueryClient, search: URLSearchParams) => Promise<unknown>;
}

const emptyPage = () => import('../shared/ui/empty-page').then((m) => m.EmptyPage);

type Options = Partial<Pick<RouteDef, 'tab' | 'whitelist' | 'refresh' | 'bare' | 'shellMessages' | 'load' | 'prefetch'>>;
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
/** Error page address for a page that has nothing to show offline, remembering where the user was. */
export const networkErrorPath = (from: string): string =>
  `${ERROR_PATH}?type=network&from=${encodeURIComponent(from)}`;
export const SETTINGS_PATH = '/set/index';

const guidePage = () => import('../features/guide/pages/guide-page').then((m) => m.GuidePage);
const guide = { ...open, bare: true, shellMessages: true } as const;

export const routes: RouteDef[] = [
  // Tab pages
  route('/pages/index/index', 'home', { tab: 0, shellMessages: true, prefetch: (client) => import('../features/home/api/get-banners').then((m) => m.prefetchBanners(client)), load: () => import('./pages/home-tab').then((m) => m.HomeTab) }),
  route('/pages/plaza/index', 'plaza', { tab: 1, ...open, shellMessages: true, prefetch: prefetchPlazaList, load: () => import('./pages/plaza-tab').then((m) => m.PlazaTab) }),
  route('/pages/index/ai', 'ai', { tab: 2, load: () => import('../features/chat/pages/ai-page').then((m) => m.AiPage) }),
  route('/pages/me/index', 'mine', { tab: 3, refresh: true, load: () => import('../features/me/pages/mine-page').then((m) => m.MinePage) }),
  // User area
  route(GUIDE_PATH, 'guide', { ...guide, load: guidePage }),
  route('/pages/user/guide', 'guide', { ...guide, load: guidePage }),
  route('/pages/user/download', 'download', { ...open, load: () => import('../features/auth/pages/download-page').then((m) => m.DownloadPage) }),
  route(USER_INDEX_PATH, 'userIndex', { ...open, load: () => import('../features/auth/pages/user-index-page').then((m) => m.UserIndexPage) }),
  route('/pages/user/login', 'login', { ...open, load: () => import('../features/auth/pages/login-page').then((m) => m.LoginPage) }),
  route('/pages/user/passwd', 'passwd', { ...open, load: () => import('../features/auth/pages/passwd-page').then((m) => m.PasswdPage) }),
  route('/pages/user/forget', 'forget', { ...open, load: () => import('../features/auth/pages/forget-page').then((m) => m.ForgetPage) }),
  route('/pages/user/bind', 'bind', { ...open, load: () => import('../features/auth/pages/bind-page').then((m) => m.BindPage) }),
  route('/pages/user/service', 'service', { ...open, load: () => import('../features/auth/pages/doc-page').then((m) => m.ServicePage) }),
  route('/pages/user/privacy', 'privacy', { ...open, load: () => import('../features/auth/pages/doc-page').then((m) => m.PrivacyPage) }),
  route('/pages/user/data', 'userData', { ...open, load: () => import('../features/auth/pages/doc-page').then((m) => m.UserGuidePage) }),
  // Home area
  route('/pages/index/notify/index', 'notify', { load: () => import('../features/im-message/pages/notify-page').then((m) => m.NotifyPage) }),
  route('/pages/index/vip/index', 'vip', { load: () => import('../features/commerce/pages/vip-page').then((m) => m.VipPage) }),
  route('/pages/index/vip/detail', 'vipDetail', { load: () => import('../features/commerce/pages/vip-detail-page').then((m) => m.VipDetailPage) }),
  route('/pages/index/vip/expenseCalendar', 'expenseCalendar', { load: () => import('../features/commerce/pages/expense-calendar-page').then((m) => m.ExpenseCalendarPage) }),
  route('/pages/index/vip/consumptionRecordDetails', 'consumptionDetail', { load: () => import('../features/commerce/pages/consumption-detail-page').then((m) => m.ConsumptionDetailPage) }),
  route('/pages/index/coupons/index', 'coupons', { load: () => import('../features/commerce/pages/coupons-page').then((m) => m.CouponsPage) }),
  route('/pages/index/coupons/code', 'couponCode', { load: () => import('../features/commerce/pages/coupon-code-page').then((m) => m.CouponCodePage) }),
  route('/pages/index/coupons/mine', 'myReferral', { load: () => import('../features/commerce/pages/my-referral-page').then((m) => m.MyReferralPage) }),
  route('/pages/index/history', 'history', { load: () => import('../features/plaza/pages/history-page').then((m) => m.HistoryPage) }),
  route('/pages/index/temps/index', 'temps', { load: () => import('../features/chat/pages/temps-page').then((m) => m.TempsPage) }),
  route('/pages/index/temps/detail', 'tempDetail', { load: () => import('../features/chat/pages/temp-detail-page').then((m) => m.TempDetailPage) }),
  route('/pages/index/create/index', 'create', { load: () => import('../features/chat/pages/create-page').then((m) => m.CreatePage) }),
  // Detail pages
  route('/pages/detail/copy', 'copy', { load: () => import('../features/chat/pages/copy-page').then((m) => m.CopyPage) }),
  route('/pages/detail/article', 'article', { ...open, load: () => import('../features/plaza/pages/article-page').then((m) => m.ArticlePage) }),
  route('/pages/detail/forward', 'article', { ...open, load: () => import('../features/plaza/pages/forward-page').then((m) => m.ForwardPage) }),
  route('/pages/detail/post', 'post', { load: () => import('../features/plaza/pages/post-page').then((m) => m.PostPage) }),
  route('/pages/detail/banner', 'banner', { load: () => import('../features/plaza/pages/banner-page').then((m) => m.BannerPage) }),
  route('/pages/detail/screenshot', 'screenshot', { load: () => import('../features/commerce/pages/screenshot-page').then((m) => m.ScreenshotPage) }),
  route('/pages/detail/result', 'result', { load: () => import('../features/commerce/pages/result-page').then((m) => m.ResultPage) }),
  route('/pages/detail/welfare', 'welfare', { load: () => import('../features/commerce/pages/welfare-page').then((m) => m.WelfarePage) }),
  route('/pages/detail/popularize', 'popularize', { load: () => import('../features/commerce/pages/popularize-page').then((m) => m.PopularizePage) }),
  route('/pages/detail/popularize-reward', 'popularizeReward', { load: () => import('../features/commerce/pages/popularize-reward-page').then((m) => m.PopularizeRewardPage) }),
  // Me area
  route('/pages/me/profile', 'meProfile', { load: () => import('./pages/me-profile-page').then((m) => m.MeProfilePage) }),
  route('/pages/me/draft', 'draft', { load: () => import('../features/plaza/pages/draft-page').then((m) => m.DraftPage) }),
  route(ERROR_PATH, 'error', { ...open, shellMessages: true, load: () => import('../features/error/pages/error-page').then((m) => m.ErrorPage) }),
  // Real-name
  route('/auth/index', 'realName', { load: () => import('../features/real-name/pages/real-name-page').then((m) => m.RealNamePage) }),
  route('/auth/result', 'realNameResult', { load: () => import('../features/real-name/pages/real-name-result-page').then((m) => m.RealNameResultPage) }),
  // Settings
  route(SETTINGS_PATH, 'settings', { load: () => import('../features/settings/pages/settings-page').then((m) => m.SettingsPage) }),
  route('/set/about', 'about', { load: () => import('../features/settings/pages/about-page').then((m) => m.AboutPage) }),
  route('/set/logs', 'logs', { load: () => import('../features/settings/pages/logs-page').then((m) => m.LogsPage) }),
  route('/set/phone', 'phone', { load: () => import('../features/users/pages/phone-page').then((m) => m.PhonePage) }),
  route('/set/wallpaper', 'wallpaper', { load: () => import('../features/settings/pages/wallpaper-page').then((m) => m.WallpaperPage) }),
  route('/set/files', 'files', { load: () => import('../features/settings/pages/files-page').then((m) => m.FilesPage) }),
  route('/set/account/index', 'account', { load: () => import('../features/users/pages/account-page').then((m) => m.AccountPage) }),
  route('/set/account/fixpwd', 'fixpwd', { load: () => import('../features/users/pages/password-pages').then((m) => m.FixPwdPage) }),
  route('/set/account/passwd', 'setpwd', { load: () => import('../features/users/pages/password-pages').then((m) => m.SetPwdPage) }),
  route('/set/account/block', 'block', { load: () => import('../features/users/pages/block-page').then((m) => m.BlockPage) }),
  route('/set/account/logout', 'logout', { load: () => import('../features/users/pages/delete-pages').then((m) => m.DeleteAccountPage) }),
  route('/set/account/logout-known', 'logoutKnown', { load: () => import('../features/users/pages/delete-pages').then((m) => m.LogoutKnownPage) }),
  route('/set/help/service', 'helpService', { load: () => import('../features/help/pages/service-page').then((m) => m.ServicePage) }),
  route('/set/help/index', 'help', { load: () => import('../features/help/pages/help-page').then((m) => m.HelpPage) }),
  route('/set/help/feedback', 'feedback', { load: () => import('../features/help/pages/feedback-page').then((m) => m.FeedbackPage) }),
  route('/set/help/report', 'report', { load: () => import('../features/help/pages/report-page').then((m) => m.ReportPage) }),
  // Activities
  route('/activity/sign/index', 'sign', { load: () => import('../features/activity/pages/sign-page').then((m) => m.SignPage) }),
  route('/activity/exchange/index', 'exchange', { load: () => import('../features/activity/pages/exchange-page').then((m) => m.ExchangePage) }),
  route('/activity/lucky/index', 'lucky', { load: () => import('../features/activity/pages/lucky-page').then((m) => m.LuckyPage) }),
  route('/activity/votePage/votePage', 'vote', { load: () => import('../features/activity/pages/vote-page').then((m) => m.VotePage) }),
  // Media
  route('/media/dub/index', 'dub', { load: () => import('../features/voice/pages/dub-page').then((m) => m.DubPage) }),
  route('/media/dub/list', 'dubList', { refresh: true, load: () => import('../features/voice/pages/dub-list-page').then((m) => m.DubListPage) }),
  route('/media/video/index', 'video', { load: () => import('../features/video/pages/video-page').then((m) => m.VideoPage) }),
  route('/media/video/storyboard', 'videoStoryboard', { load: () => import('../features/video/pages/storyboard-page').then((m) => m.StoryboardPage) }),
  route('/media/video/list', 'videoList', { refresh: true, load: () => import('../features/video/pages/video-list-page').then((m) => m.VideoListPage) }),
  // Drawing
  // The hall and a published work open without a login (a shared work is seen logged out).
  route('/draw/index', 'draw', { refresh: true, load: () => import('../features/drawing/pages/draw-page').then((m) => m.DrawPage) }),
  route('/draw/home/hall', 'hall', { ...open, refresh: true, load: () => import('../features/drawing/pages/hall-page').then((m) => m.HallPage) }),
  route('/draw/home/detail', 'drawDetail', { ...open, load: () => import('../features/drawing/pages/detail-page').then((m) => m.DrawDetailPage) }),
  route('/draw/publish/canema', 'publishImage', { load: () => import('../features/drawing/pages/publish-page').then((m) => m.PublishPage) }),
  route('/draw/publish/article', 'textToImage', { load: () => import('../features/drawing/pages/article-page').then((m) => m.ArticlePage) }),
  route('/draw/me/profile', 'drawProfile', { refresh: true, load: () => import('../features/drawing/pages/works-page').then((m) => m.WorksPage) }),
  route('/draw/me/info', 'drawInfo', { refresh: true, load: () => import('../features/drawing/pages/works-page').then((m) => m.WorksPage) }),
  route('/draw/me/tutorial', 'tutorial', { load: () => import('../features/drawing/pages/tutorial-page').then((m) => m.TutorialPage) }),
];

/** Spec §2 whitelist (the shared-link landing page `/pages/detail/forward` is one of these routes). */
export const WHITELIST: readonly string[] = routes.filter((r) => r.whitelist).map((r) => r.path);

export const TAB_ROUTES = routes
  .filter((r): r is RouteDef & { tab: 0 | 1 | 2 | 3 } => r.tab !== undefined)
  .sort((a, b) => a.tab - b.tab);

const byPath = new Map(routes.map((r) => [r.path, r]));
export const findRoute = (path: string): RouteDef | undefined => byPath.get(path);
