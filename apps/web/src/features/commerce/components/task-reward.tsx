import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** What a task rewards, in words: gold and/or member days; nothing at all for a task that rewards neither. */
export const taskRewardText = (task: { rewardGold: number; rewardVipDays?: number }, t: TFunction): string => {
  const days = task.rewardVipDays ?? 0;
  if (task.rewardGold > 0 && days > 0) return `${t('commerce.taskReward', { gold: task.rewardGold })} · ${t('commerce.taskRewardVip', { days })}`;
  if (task.rewardGold > 0) return t('commerce.taskReward', { gold: task.rewardGold });
  if (days > 0) return t('commerce.taskRewardVipOnly', { days });
  return '';
};

export function TaskReward({ task }: { task: { rewardGold: number; rewardVipDays?: number } }) {
  const { t } = useTranslation();
  const text = taskRewardText(task, t);
  return text ? <small data-testid="task-reward">{text}</small> : null;
}
