/**
 * The first path segments of the web app's hash routes (apps/web/src/app/routes.ts; its test checks every
 * route falls under one). The server answers a plain link such as `/pages/plaza/index` with a redirect to
 * `/#/pages/plaza/index`, so a shared link without "#" still opens the page.
 */
export const APP_ROUTE_PREFIXES = ['/pages/', '/draw/', '/media/', '/set/', '/activity/', '/auth/'] as const;

/** Whether a path (without query) names a page of the web app rather than a file or an API. */
export const isAppRoutePath = (pathname: string): boolean => APP_ROUTE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
