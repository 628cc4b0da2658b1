import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../shared/i18n';
import { TaskReward } from './task-reward';

beforeAll(async () => {
  await initI18n('zh-Hans');
});

const show = (task: { rewardGold: number; rewardVipDays?: number }) =>
  render(
    <I18nextProvider i18n={i18n}>
      <TaskReward task={task} />
    </I18nextProvider>,
  ).container.textContent;

describe('task reward', () => {
  it('never offers "奖励 0 金币": gold, member days, both, or nothing', () => {
    expect(show({ rewardGold: 0, rewardVipDays: 0 })).toBe('');
    expect(screen.queryByTestId('task-reward')).toBeNull();
    expect(show({ rewardGold: 0, rewardVipDays: 7 })).toBe('奖励 7 天会员');
    expect(show({ rewardGold: 200 })).toBe('奖励 200 金币');
    expect(show({ rewardGold: 200, rewardVipDays: 3 })).toBe('奖励 200 金币 · 3 天会员');
  });
});
