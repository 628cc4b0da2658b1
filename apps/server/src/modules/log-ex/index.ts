// Public entry of the log-ex module (error reports from the apps).
export { registerLogExModule } from './log-ex.module.js';
