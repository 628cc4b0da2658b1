// Public entry of the plaza module (articles, likes, comments, reports).
export { registerPlazaRoutes } from './plaza.routes.js';
export { seedPlaza } from './plaza.seed.js';
export { articleSource } from './article-source.js';
export { isSharedInPlaza } from './shared-media.js';
export { createModerationService } from './moderation.service.js';
