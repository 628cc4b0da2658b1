// Public entry of the help module (feedback and the customer-service conversation).
export { helpModule, type HelpModule } from './help.module.js';
export { feedbackQueue } from './help.repository.js';
export type { HelpService } from './help.service.js';
