import type { DbOrTx } from '../../platform/db/client.js';
import { createStatsRepository } from './stats.repository.js';

/** Active devices and page views per day of the range, from the app's statistics (the console's dashboard). */
export const dailyActivity = (db: DbOrTx, tenantId: number, from: string, to: string) =>
  createStatsRepository(db).dailyActive(tenantId, { from, to });
