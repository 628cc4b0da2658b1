// Public entry of the censor module: it implements the platform's CensorService over the edited word list.
export { censorModule, type CensorModule } from './censor.module.js';
export { createCensorService, seedSensitiveWords } from './censor.service.js';
export { createCensorRepositories } from './censor.repository.js';
export type { SensitiveWordAdmin } from './censor.service.js';
