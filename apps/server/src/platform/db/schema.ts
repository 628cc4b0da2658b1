// Every table, for drizzle-kit and the typed client. Modules add their table file here.
export * from './tenant.table.js';
export * from '../../modules/users/user.table.js';
export * from '../../modules/im-message/im-message.table.js';
export * from '../jobs/job.table.js';
export * from '../../modules/common-info/common-info.table.js';
export * from '../../modules/dictionary/dictionary.table.js';
export * from '../../modules/censor/censor.table.js';
export * from '../../modules/log-ex/log-ex.table.js';
export * from '../../modules/stats/stats.table.js';
export * from '../../modules/files/file.table.js';
export * from '../../modules/auth/auth.table.js';
export * from '../../modules/users/user-block.table.js';
export * from '../../modules/real-name/real-name.table.js';
export * from '../../modules/plaza/plaza.table.js';
export * from '../../modules/history/history.table.js';
export * from '../../modules/chat/chat.table.js';
export * from '../../modules/commerce/commerce.table.js';
