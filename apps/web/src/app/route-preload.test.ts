import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREENS, firstScreenFiles, preloadScript } from '../../build/route-preload-plugin';
import { GUIDE_PATH, routes } from './routes';

const chunk = (fileName: string, imports: string[], extra: Record<string, unknown> = {}) => ({
  type: 'chunk',
  fileName,
  imports,
  isEntry: false,
  facadeModuleId: null,
  ...extra,
});

/** Issue 27 point 15: the landing page's own code is asked for with the entry, not one round trip after it. */
describe('first-screen route preloads', () => {
  it('name pages of the route table that exist', () => {
    for (const [path, module] of Object.entries(FIRST_SCREENS)) {
      expect(routes.some((r) => r.path === path), path).toBe(true);
      expect(existsSync(resolve(import.meta.dirname, '../..', module)), module).toBe(true);
    }
    expect(FIRST_SCREENS[GUIDE_PATH]).toBeDefined();
  });

  it('list a route chunk with what it imports, minus what the entry loads, and its stylesheets', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/react.js'], { isEntry: true }),
      'assets/react.js': chunk('assets/react.js', []),
      'assets/plaza-page.js': chunk('assets/plaza-page.js', ['assets/react.js', 'assets/cards.js'], {
        facadeModuleId: '/repo/apps/web/src/features/plaza/pages/plaza-page.tsx',
        viteMetadata: { importedCss: new Set(['assets/plaza.css']) },
      }),
      'assets/cards.js': chunk('assets/cards.js', ['assets/time.js']),
      'assets/time.js': chunk('assets/time.js', []),
    };
    const files = firstScreenFiles(bundle as never, { '/pages/plaza/index': 'src/features/plaza/pages/plaza-page.tsx' });
    expect(files).toEqual({
      '/pages/plaza/index': ['./assets/plaza-page.js', './assets/cards.js', './assets/time.js', './assets/plaza.css'],
    });
  });

  it('the inline script preloads the files of the route in the address bar, and nothing elsewhere', () => {
    const run = (hash: string) => {
      document.head.querySelectorAll('link').forEach((l) => l.remove());
      window.location.hash = hash;
      new Function(preloadScript({ '/pages/plaza/index': ['./assets/a.js', './assets/a.css'] }))();
      return [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href'), l.getAttribute('as'), l.getAttribute('crossorigin')]);
    };
    expect(run('#/pages/plaza/index?sort=new')).toEqual([
      ['modulepreload', './assets/a.js', null, null],
      ['preload', './assets/a.css', 'style', ''],
    ]);
    expect(run('#/pages/user/index')).toEqual([]);
  });
});
