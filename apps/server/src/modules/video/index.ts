// Public entry of the video module: AI video from articles (routes, render job, expiry sweep).
export { registerVideoModule } from './video.module.js';
