import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CommonInfoCategory } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_ART } from './banner-art.js';
import { createTestApp, type TestApp } from './test/build-app.js';

const imagesDir = fileURLToPath(new URL('../static/images/', import.meta.url));
/** Elements that draw words in an SVG (text, or a picture or HTML that could hold some). */
const TEXT_ELEMENTS = /<(text|tspan|textPath|foreignObject|image|use|font)\b/i;

/** Issue 27 point 9: the banner pictures carry no words; the caption over them is in the reader's language. */
describe('the home banners', () => {
  if (process.env.UPDATE_BANNER_ART) {
    for (const [name, svg] of Object.entries(BANNER_ART)) writeFileSync(path.join(imagesDir, name), svg);
  }

  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ SEED_DEMO: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('are the generated text-free pictures', () => {
    for (const [name, svg] of Object.entries(BANNER_ART)) {
      expect(svg).not.toMatch(TEXT_ELEMENTS);
      expect(svg).not.toMatch(/\p{Script=Han}/u);
      expect(readFileSync(path.join(imagesDir, name), 'utf8'), name).toBe(svg);
    }
  });

  it('are served with those pictures and a caption in the caller’s language', async () => {
    const page = async (locale: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysCommonInfo/page',
        headers: { 'accept-language': locale },
        payload: { page: 1, pageSize: 10, categoryId: CommonInfoCategory.Banner },
      });
      return (res.json() as { result: { items: { title: string; cover: string | null }[] } }).result.items;
    };
    const zh = await page('zh-CN');
    expect(zh.map((b) => b.cover).sort()).toEqual(Object.keys(BANNER_ART).map((name) => `/static/images/${name}`).sort());
    for (const locale of ['en', 'fr', 'es']) {
      const items = await page(locale);
      expect(items).toHaveLength(zh.length);
      for (const item of items) {
        expect(item.title, locale).not.toBe('');
        expect(item.title, locale).not.toMatch(/\p{Script=Han}/u);
      }
    }
    expect((await page('fr')).map((b) => b.title)).toContain('Une vidéo en un geste : texte et vidéo en une minute');
    for (const cover of zh.map((b) => b.cover!)) {
      const res = await app.inject({ method: 'GET', url: cover });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(TEXT_ELEMENTS);
    }
  });
});
