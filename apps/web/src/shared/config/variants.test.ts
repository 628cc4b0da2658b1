import { describe, expect, it } from 'vitest';
import { resolveVariantId, variants } from './variants';
import { APP_VARIANT, variant } from './app';

describe('build variants', () => {
  it('differ in package id, scheme and logo colours', () => {
    const ids = Object.values(variants);
    for (const key of ['packageId', 'scheme', 'manifestName'] as const) expect(new Set(ids.map((v) => v[key])).size).toBe(3);
  });

  it('go home to /pages/index/index in the main and AI chat builds, /pages/plaza/index in the brand build', () => {
    expect(variants.main.homePath).toBe('/pages/index/index');
    expect(variants.chat.homePath).toBe('/pages/index/index');
    expect(variants.brand.homePath).toBe('/pages/plaza/index');
  });

  it('are chosen by the build mode; anything else builds the main app', () => {
    expect(resolveVariantId('brand')).toBe('brand');
    expect(resolveVariantId('chat')).toBe('chat');
    expect(resolveVariantId('production')).toBe('main');
    expect(resolveVariantId(undefined)).toBe('main');
    expect(APP_VARIANT).toBe('main');
    expect(variant.packageId).toBe('com.aichuang.app');
  });
});
