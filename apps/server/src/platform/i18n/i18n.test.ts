import { describe, expect, it } from 'vitest';
import { localeFromHeader } from './i18n.js';

describe('localeFromHeader', () => {
  it('picks the best-ranked language the app speaks, zh-Hans by default', () => {
    expect(localeFromHeader(undefined)).toBe('zh-Hans');
    expect(localeFromHeader('zh-CN,zh;q=0.9')).toBe('zh-Hans');
    expect(localeFromHeader('zh-TW,zh;q=0.9')).toBe('zh-Hant');
    expect(localeFromHeader('de-DE,fr;q=0.8,en;q=0.9')).toBe('en');
    expect(localeFromHeader('es-MX;q=0.5,fr-CA;q=0.7')).toBe('fr');
    expect(localeFromHeader('de,ja;q=0.5')).toBe('zh-Hans');
    expect(localeFromHeader('en;q=0,es')).toBe('es');
  });

  it('answers the same for a header it has seen, also after many other headers', () => {
    expect(localeFromHeader('en-GB,en;q=0.9')).toBe('en');
    // More distinct headers than the parsed-header memo holds.
    for (let i = 0; i < 600; i += 1) {
      expect(localeFromHeader(`fr-x-${i},en;q=0.5`)).toBe('fr');
    }
    expect(localeFromHeader('en-GB,en;q=0.9')).toBe('en');
    expect(localeFromHeader('zh-HK')).toBe('zh-Hant');
  });
});
