import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLanguage } from '../../../shared/i18n';
import { MINE_SECTIONS } from './mine-page';

describe('mine page menu', () => {
  it.each(['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const)('lists no item twice in %s (no two entries with the same label)', async (language) => {
    await initI18n(language);
    await loadLanguage(language);
    const labels = MINE_SECTIONS.flatMap((s) => s.entries.map((e) => i18n.getFixedT(language)(e.titleKey)));
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
    expect(new Set(MINE_SECTIONS.flatMap((s) => s.entries.map((e) => e.to))).size).toBe(labels.length);
  });
});

describe('plurals', () => {
  it('English counts say 1 time, 1 check-in, 1 like; Chinese keeps its one form', async () => {
    await initI18n('en');
    await loadLanguage('en');
    const en = i18n.getFixedT('en');
    expect(en('temps.uses', { count: 1 })).toBe('Used 1 time');
    expect(en('temps.uses', { count: 3 })).toBe('Used 3 times');
    expect(en('activity.sign.month', { month: 'May', count: 1 })).toBe('May: 1 check-in');
    expect(en('plaza.likes', { count: 1 })).toBe('1 like');
    expect(en('chat.quota.remaining', { count: 1 })).toBe('1 question left today');
    expect(en('common.pullToRefresh.pulling')).toBe('Pull down to refresh');
    await loadLanguage('zh-Hans');
    expect(i18n.getFixedT('zh-Hans')('temps.uses', { count: 1 })).toBe('1 人使用');
  });
});
