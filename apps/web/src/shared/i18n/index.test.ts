import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLanguage, loadPageMessages } from '.';

// One app start, in order: module state (what is loaded) carries from one test to the next.
describe('messages in two parts', () => {
  it('the app starts with the shell messages only', async () => {
    await initI18n('zh-Hans', { pageMessages: false });
    expect(i18n.t('tab.plaza')).toBe('广场');
    expect(i18n.exists('plaza.empty')).toBe(true);
    expect(i18n.exists('commerce.navs')).toBe(false);
  });

  it('a page that needs them loads the other features’ messages', async () => {
    await loadPageMessages();
    expect(i18n.t('commerce.navs')).toBe('会员服务');
  });

  it('from then on a language switch brings both parts of the new language', async () => {
    await loadLanguage('en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('tab.plaza')).toBe('Plaza');
    expect(i18n.t('commerce.navs')).toBe('Member services');
  });
});
