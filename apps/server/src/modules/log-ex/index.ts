// Public entry of the log-ex module (error reports from the apps).
export { logExModule } from './log-ex.module.js';
