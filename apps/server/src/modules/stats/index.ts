// Public entry of the stats module (usage events).
export { registerStatsModule } from './stats.module.js';
export { dailyActivity } from './stats.dashboard.js';
