import { i18n } from '../i18n';

/**
 * The app's time zone: days, check-ins and reports are Beijing days, so the console shows every time there,
 * whatever the operator's browser zone is (the header names it: timeZone.label).
 */
export const CONSOLE_TIME_ZONE = 'Asia/Shanghai';

/** An instant in the operator's language, to the minute, in Beijing time. */
export const formatTime = (iso: string | null | undefined): string =>
  iso
    ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone: CONSOLE_TIME_ZONE })
    : '—';

/** A background job's name in the operator's language (an unknown one as it is stored). */
export const jobTypeName = (type: string): string => i18n.t(`jobType.${type}`, { defaultValue: type });

/** An audit action (`order.confirm_offline`) and its target type in the operator's language. */
export const auditActionName = (action: string): string => i18n.t(`auditAction.${action}`, { defaultValue: action });
export const auditTargetName = (targetType: string): string => i18n.t(`auditTarget.${targetType}`, { defaultValue: targetType });

/** An audit row's target as the operator reads it: 作品「春日短片」 by its title or name, else its kind and id. */
export const auditTargetLabel = (entry: { targetType: string; targetId: string | null; targetName: string | null }): string =>
  entry.targetName
    ? i18n.t('audit.targetNamed', { type: auditTargetName(entry.targetType), name: entry.targetName })
    : `${auditTargetName(entry.targetType)} ${entry.targetId ?? ''}`.trim();

/** How long something has waited: "2 天 3 小时", "5 分钟", "刚刚". */
export const formatWait = (seconds: number): string => {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) return i18n.t('wait.daysHours', { days, hours });
  if (hours) return i18n.t('wait.hoursMinutes', { hours, minutes });
  if (minutes) return i18n.t('wait.minutes', { minutes });
  return i18n.t('wait.justNow');
};

/** Fen as yuan with two decimals. */
export const formatFen = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;
