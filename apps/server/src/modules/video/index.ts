// Public entry of the video module: AI video from articles (routes, render job, expiry sweep).
export { videoModule, type VideoModule } from './video.module.js';
