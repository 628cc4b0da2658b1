// Every table, for drizzle-kit and the typed client. Modules add their table file here.
export * from './tenant.table.js';
export * from '../../modules/users/user.table.js';
export * from '../../modules/common-info/common-info.table.js';
