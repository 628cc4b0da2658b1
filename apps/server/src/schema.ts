// Every table, gathered for drizzle-kit and migrations. It sits above the modules and the platform, so the
// platform never imports a module to know the tables; a new table file is added here.
export * from './platform/db/tenant.table.js';
export * from './platform/identity/identity.table.js';
export * from './platform/wallet/wallet.table.js';
export * from './modules/im-message/im-message.table.js';
export * from './platform/jobs/job.table.js';
export * from './platform/jobs/recurring.table.js';
export * from './modules/common-info/common-info.table.js';
export * from './modules/dictionary/dictionary.table.js';
export * from './modules/censor/censor.table.js';
export * from './modules/log-ex/log-ex.table.js';
export * from './modules/stats/stats.table.js';
export * from './platform/storage/file.table.js';
export * from './platform/audit/audit.table.js';
export * from './modules/auth/auth.table.js';
export * from './modules/users/user-block.table.js';
export * from './modules/real-name/real-name.table.js';
export * from './modules/plaza/plaza.table.js';
export * from './modules/history/history.table.js';
export * from './modules/chat/chat.table.js';
export * from './modules/activity/activity.table.js';
export * from './modules/help/help.table.js';
export * from './modules/commerce/commerce.table.js';
export * from './modules/voice/voice.table.js';
export * from './modules/drawing/drawing.table.js';
export * from './modules/video/video.table.js';
export * from './modules/console/rollup.table.js';
