import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLanguage } from '../i18n';
import { formatDate, relativeTime } from './time';

const now = new Date('2026-03-01T12:00:00Z').getTime();
const ago = (ms: number) => now - ms;
const MIN = 60_000;

describe('relative time', () => {
  it('labels in Chinese', async () => {
    await initI18n('zh-Hans');
    await loadLanguage('zh-Hans');
    const t = i18n.t.bind(i18n);
    expect(relativeTime(ago(10_000), t, now)).toBe('刚刚');
    expect(relativeTime(ago(5 * MIN), t, now)).toBe('5分钟前');
    expect(relativeTime(ago(3 * 60 * MIN), t, now)).toBe('3小时前');
    expect(relativeTime(ago(2 * 24 * 60 * MIN), t, now)).toBe('2天前');
    expect(relativeTime(ago(65 * 24 * 60 * MIN), t, now)).toBe('2个月前');
    expect(relativeTime(ago(800 * 24 * 60 * MIN), t, now)).toBe('2年前');
  });

  it.each([
    ['en', ['just now', '1 minute ago', '5 minutes ago', '1 hour ago', '1 year ago']],
    ['es', ['justo ahora', 'hace 1 minuto', 'hace 5 minutos', 'hace 1 hora', 'hace 1 año']],
    ['fr', ["à l'instant", 'il y a 1 minute', 'il y a 5 minutes', 'il y a 1 heure', 'il y a 1 an']],
    ['zh-Hant', ['剛剛', '1分鐘前', '5分鐘前', '1小時前', '1年前']],
  ] as const)('labels in %s, singular and plural', async (lang, expected) => {
    await initI18n(lang);
    await loadLanguage(lang);
    const t = i18n.t.bind(i18n);
    expect([ago(1000), ago(MIN), ago(5 * MIN), ago(60 * MIN), ago(366 * 24 * 60 * MIN)].map((v) => relativeTime(v, t, now))).toEqual(expected);
    await loadLanguage('zh-Hans');
  });

  it('formats dates and ignores invalid input', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(relativeTime('not a date', (k) => k, now)).toBe('');
  });
});
