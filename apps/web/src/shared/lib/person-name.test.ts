import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLanguage } from '../i18n';
import { personName } from './person-name';

describe('a person’s name in the reader’s language', () => {
  it('a new account’s default nickname and a deleted account follow the language; a chosen name stays', async () => {
    await initI18n('zh-Hans');
    const t = i18n.t.bind(i18n);
    expect(personName(t, '用户5009')).toBe('用户5009');
    await loadLanguage('en');
    expect(personName(t, '用户5009')).toBe('User 5009');
    expect(personName(t, '用户')).toBe('User');
    expect(personName(t, '已注销用户')).toBe('Deleted account');
    expect(personName(t, '用户小李')).toBe('用户小李');
    await loadLanguage('fr');
    expect(personName(t, '用户5009')).toBe('Utilisateur 5009');
  });
});
