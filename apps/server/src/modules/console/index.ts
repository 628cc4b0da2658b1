// Public entry of the console module (the operators' API, used by apps/admin).
export { registerConsoleModule, type ConsoleModuleDeps } from './console.module.js';
