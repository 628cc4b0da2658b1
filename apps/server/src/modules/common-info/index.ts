// Public entry of the common-info module (banners, notices and other operator-edited entries).
export { registerCommonInfoRoutes } from './common-info.routes.js';
export { COMMON_INFO_CATALOGUE } from './common-info.translations.js';
export { createCommonInfoAdmin } from './common-info.admin.js';
