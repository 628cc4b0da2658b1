// Public entry of the activity module (check-in, lucky draw, points mall, votes).
export { activityModule, type ActivityModule } from './activity.module.js';
export { seedActivities } from './activity.seed.js';
export type { MallService } from './mall.service.js';
export { dailyCheckIns } from './check-in.repository.js';
export type { DrawService } from './draw.service.js';
