import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { useTabParam } from './tabs';

const feedback = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('../ui/feedback', () => feedback);

function Tabs({ param }: { param?: string }) {
  return <p data-testid="tab">{useTabParam(['vip', 'gold'] as const, param)}</p>;
}
const open = (search: string, param?: string) =>
  render(
    <MemoryRouter initialEntries={[`/pages/index/vip/index${search}`]}>
      <Tabs param={param} />
    </MemoryRouter>,
  );

beforeEach(async () => {
  await initI18n('zh-Hans');
  feedback.showToast.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

/** Spec §8's framework text "tab item not found", for a page opened on a tab it does not have. */
describe('a page’s tab from its link', () => {
  it('opens the tab the link names, or the first tab when it names none, without a word', () => {
    open('?tab=gold');
    expect(screen.getByTestId('tab')).toHaveTextContent('gold');
    open('', 'kind');
    expect(screen.getAllByTestId('tab')[1]).toHaveTextContent('vip');
    expect(feedback.showToast).not.toHaveBeenCalled();
  });

  it('a tab the page does not have opens the first tab and says "tab item not found"', () => {
    open('?category=999', 'category');
    expect(screen.getByTestId('tab')).toHaveTextContent('vip');
    expect(feedback.showToast).toHaveBeenCalledWith('标签页不存在', 'fail');
  });
});
