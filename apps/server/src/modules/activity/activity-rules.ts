import { dictDataSchemas, type Locale } from '@app/contract';
import './activity.messages.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { getDictionary } from '../dictionary/index.js';

interface CheckInRule {
  pointsPerStreakDay: number[];
  rules: string[];
}
interface WheelRule {
  costPoints: number;
  dailyLimit: number;
  rules: string[];
}

/** Used when an operator hid or broke the rule item: the seeded values. */
const DEFAULTS = {
  checkIn: { pointsPerStreakDay: [5, 5, 10, 10, 15, 15, 30], rules: [] as string[] },
  luckyWheel: { costPoints: 20, dailyLimit: 5, rules: [] as string[] },
};

/**
 * The activity rules of a tenant, read from the `app_activity_rule` dictionary (versioned, operator-edited), their
 * texts in the reader's language.
 */
export const loadActivityRules = async (db: DbOrTx, tenantId: number, locale: Locale = 'zh-Hans') => {
  const { items } = await getDictionary(db, tenantId, 'app_activity_rule', locale);
  const byKind = new Map<string, Record<string, unknown>>();
  for (const item of items) {
    const parsed = dictDataSchemas.app_activity_rule.safeParse(item.data);
    if (!parsed.success) continue;
    const data = parsed.data as { kind: string } & Record<string, unknown>;
    if (!byKind.has(data.kind)) byKind.set(data.kind, data);
  }
  const texts = (kind: string) => (byKind.get(kind)?.rules as string[] | undefined) ?? [];
  return {
    checkIn: (byKind.get('checkIn') as CheckInRule | undefined) ?? DEFAULTS.checkIn,
    luckyWheel: (byKind.get('luckyWheel') as WheelRule | undefined) ?? DEFAULTS.luckyWheel,
    exchangeRules: texts('exchange'),
    voteRules: texts('vote'),
  };
};

/** Points of the n-th day of a streak (1-based); the last entry repeats. */
export const pointsForStreakDay = (rule: CheckInRule, streak: number): number => {
  const list = rule.pointsPerStreakDay;
  return list[Math.min(Math.max(streak, 1), list.length) - 1] ?? 0;
};
