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

  it('a page on screen switches with every text: the page messages are there when the language changes', async () => {
    const seen: string[] = [];
    const record = () => seen.push(i18n.t('settingsPages.clearCache'));
    i18n.on('languageChanged', record);
    await loadLanguage('fr');
    i18n.off('languageChanged', record);
    expect(seen).toEqual(['Vider le cache']);
  });

  it('numbers carry their unit with the plural rule of each language', async () => {
    await loadLanguage('fr');
    expect(i18n.t('activity.sign.streak', { days: 1 })).toBe('Série de 1 jour');
    expect(i18n.t('activity.sign.streak', { days: 3 })).toBe('Série de 3 jours');
    expect(i18n.t('commerce.goldAmount', { gold: 100 })).toBe('100 pièces d’or');
    expect(i18n.t('commerce.goldAmount', { gold: 1 })).toBe('1 pièce d’or');
    expect(i18n.t('activity.pointsValue', { points: 1 })).toBe('1 point');
    await loadLanguage('es');
    expect(i18n.t('commerce.goldAmount', { gold: 1 })).toBe('1 moneda de oro');
    expect(i18n.t('commerce.goldAmount', { gold: 100 })).toBe('100 monedas de oro');
    expect(i18n.t('activity.sign.streak', { days: 1 })).not.toContain('días');
    await loadLanguage('en');
    expect(i18n.t('activity.pointsValue', { points: 1 })).toBe('1 point');
    expect(i18n.t('activity.pointsValue', { points: 5 })).toBe('5 points');
    await loadLanguage('zh-Hans');
    expect(i18n.t('commerce.goldAmount', { gold: 100 })).toBe('100 金币');
  });
});
