// Public entry of the message centre: other modules reach its notices and conversations through the service.
export { imMessageModule, type ImMessageModule } from './im-message.module.js';
export { createImMessageService, type ImMessageService } from './im-message.service.js';
export {
  createImMessageRepositories,
  storeNoticeInTx,
  type ImMessageRepositories,
} from './im-message.repository.js';
