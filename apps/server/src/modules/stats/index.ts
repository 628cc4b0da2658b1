// Public entry of the stats module (usage events).
export { registerStatsRoutes } from './stats.routes.js';
export { dailyActivity } from './stats.dashboard.js';
