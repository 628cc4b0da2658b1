import { and, count, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { checkIns } from './activity.table.js';

/** Check-ins per Asia/Shanghai day from `fromDay` on (the console's dashboard). */
export const dailyCheckIns = (db: DbOrTx, tenantId: number, fromDay: string) =>
  db
    .select({ day: checkIns.date, n: count() })
    .from(checkIns)
    .where(and(eq(checkIns.tenantId, tenantId), gte(checkIns.date, fromDay)))
    .groupBy(checkIns.date);
