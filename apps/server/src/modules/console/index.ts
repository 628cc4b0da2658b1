// Public entry of the console module (the operators' API, used by apps/admin).
export { consoleModule } from './console.module.js';
