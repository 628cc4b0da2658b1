// Public entry of the console module (the operators' API of issue 20).
export { registerConsoleModule, type ConsoleModuleDeps } from './console.routes.js';
