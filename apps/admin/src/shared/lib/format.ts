import { i18n } from '../i18n';

/** An instant in the operator's language, to the minute. */
export const formatTime = (iso: string | null | undefined): string =>
  iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : '—';

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
