import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { switchTab, TAB_PATHS } from './tabs';

const feedback = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('../ui/feedback', () => feedback);

describe('switching tabs (spec §8 framework texts)', () => {
  it('goes to a tab page in place, and refuses another page with "not a tab bar page"', async () => {
    await initI18n('zh-Hans');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const navigate = vi.fn();
    expect(switchTab(navigate, '/pages/plaza/index')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/pages/plaza/index', { replace: true });
    expect(switchTab(navigate, '/pages/detail/article?id=1')).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(feedback.showToast).toHaveBeenCalledWith('不是 tabBar 页面', 'fail');
    expect(TAB_PATHS).toHaveLength(4);
  });
});
