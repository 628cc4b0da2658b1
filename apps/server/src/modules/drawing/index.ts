// Public entry of the drawing module (AI drawing tasks, the works hall, role images).
export { drawingModule, type DrawingModule } from './drawing.module.js';
// The drawing engine as configured, for other modules that draw pictures (the video pipeline's scenes).
export { createImageEngine } from './engines/engines.js';
// A picture for a video: `forVideo: true` in the DrawRequest leaves out the offline engine's corner label.
export type { DrawRequest, ImageEngine } from './engines/image-engine.js';
export { composeOffline, renderOffline } from './engines/offline-engine.js';
// The scene plan of an article line (time, season, weather, place, transport, meal, people), as prompt words.
export { planScene, planWords, type ScenePlan } from './engines/composer/scene-plan.js';
// Drawings as report targets (the plaza's reports).
export {
  drawingReportTargets,
  drawingReportTexts,
  unpublishDrawingInTx,
  visibleDrawingOwner,
} from './drawing.repository.js';
export { deletePublicDrawingCopies } from './report-target.js';
// One of a user's own drawings as a picture for another module (a video storyboard scene).
export { ownDrawingImage } from './drawing-images.js';
