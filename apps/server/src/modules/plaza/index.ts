// Public entry of the plaza module (articles, likes, comments, reports).
export { registerPlazaRoutes } from './plaza.routes.js';
export { seedPlaza } from './plaza.seed.js';
export { articleSource, isSharedInPlaza } from './plaza.repository.js';
export { createModerationService } from './moderation.service.js';
