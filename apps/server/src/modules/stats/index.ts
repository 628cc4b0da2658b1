// Public entry of the stats module (usage events).
export { statsModule } from './stats.module.js';
export { dailyActivity } from './stats.repository.js';
