import { RealNameStatus, type AppConfig } from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { getAppConfig } from '../dictionary/index.js';
import { realNameStatuses } from './real-name.repository.js';

/**
 * The one rule on real names and publishing, from the app configuration: publishing needs an approved real
 * name only while the check is on (idCardEnable) and the operator asks for it (realNameToPublish). The plaza
 * applies it; the real-name page says what it says (RealNameDetail.requiredToPublish).
 */
export const realNameRequiredToPublish = (
  config: Pick<AppConfig, 'idCardEnable' | 'realNameToPublish'>,
): boolean => config.idCardEnable && config.realNameToPublish;

/** Whether this user may publish now, as far as the real-name rule goes. */
export const mayPublishByRealName = async (db: Db, tenantId: number, userId: number): Promise<boolean> => {
  if (!realNameRequiredToPublish(await getAppConfig(db, tenantId))) return true;
  const status = (await realNameStatuses(db, tenantId, [userId])).get(userId);
  return status === RealNameStatus.Approved;
};
