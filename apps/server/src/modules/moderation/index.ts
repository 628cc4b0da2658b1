// Public entry of the moderation module: the picture screen (classifier, OCR, cloud providers).
export { moderationModule, type ModerationModule, type PictureScreening } from './moderation.module.js';
export type { PictureScreen } from './pictures/picture-screen.js';
export { createNsfwClassifier } from './pictures/nsfw-classifier.js';
export { riskOf } from './pictures/picture-screen.js';
