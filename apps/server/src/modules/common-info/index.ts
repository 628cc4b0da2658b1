// Public entry of the common-info module (banners, notices and other operator-edited entries).
export { commonInfoModule, type CommonInfoModule } from './common-info.module.js';
export { COMMON_INFO_CATALOGUE } from './common-info.translations.js';
export type { CommonInfoAdmin } from './common-info.admin.js';
