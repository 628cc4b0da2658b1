// Public entry of the real-name module (ID verification and its review).
export { realNameModule, type RealNameModule } from './real-name.module.js';
export { deleteRealName } from './real-name.repository.js';
export { mayPublishByRealName, realNameRequiredToPublish } from './publish-rule.js';
export type { RealNameService } from './real-name.service.js';
export { realNameQueue, realNameStatuses, realNameSummary } from './real-name.repository.js';
