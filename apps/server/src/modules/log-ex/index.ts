// Public entry of the log-ex module (error reports from the apps).
export { registerLogExRoutes } from './log-ex.routes.js';
