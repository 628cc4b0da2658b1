// Public entry of the plaza module (articles, likes, comments, reports).
export { plazaModule, type PlazaModule } from './plaza.module.js';
export { seedPlaza } from './plaza.seed.js';
export { articleSource, isSharedInPlaza } from './plaza.repository.js';
export type { ModerationService } from './moderation.service.js';
