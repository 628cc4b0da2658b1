import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The pages people land on (issue 27 point 15): hash route → the module its route table entry loads.
 * Their chunks are otherwise requested only once the entry has run and the router asked for them.
 */
export const FIRST_SCREENS: Record<string, string> = {
  '/': 'src/features/guide/pages/guide-page.tsx',
  '/pages/plaza/index': 'src/features/plaza/pages/plaza-page.tsx',
  '/pages/index/index': 'src/app/pages/home-tab.tsx',
};

const isChunk = (file: OutputBundle[string] | undefined): file is OutputChunk => file?.type === 'chunk';

/** A chunk and every chunk it imports statically (what the browser fetches before it can run it). */
const staticClosure = (bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (isChunk(chunk)) for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
};

/**
 * For each first screen: its route chunk with what it imports, minus what the entry loads anyway, and its
 * stylesheets. Paths relative to index.html (the build's base is `./`).
 */
export const firstScreenFiles = (bundle: OutputBundle, screens: Record<string, string> = FIRST_SCREENS): Record<string, string[]> => {
  const chunks = Object.values(bundle).filter(isChunk);
  const entry = chunks.find((c) => c.isEntry);
  const loadedByEntry = entry ? staticClosure(bundle, entry.fileName) : new Set<string>();
  const files: Record<string, string[]> = {};
  for (const [route, module] of Object.entries(screens)) {
    const page = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
    if (!page) continue;
    const scripts = [...staticClosure(bundle, page.fileName)].filter((f) => !loadedByEntry.has(f));
    const styles = scripts.flatMap((f) => {
      const chunk = bundle[f];
      const css = isChunk(chunk) ? (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss : undefined;
      return css ? [...css] : [];
    });
    files[route] = [...scripts, ...styles].map((f) => `./${f}`);
  }
  return files;
};

/**
 * The inline script that asks for the landing route's files at once, beside the entry: module preloads for its
 * scripts, style preloads for its stylesheets. A route not in the map costs nothing.
 */
export const preloadScript = (files: Record<string, string[]>): string =>
  `(function(m){var r=location.hash.slice(1).split('?')[0]||'/';(m[r]||[]).forEach(function(u){var l=document.createElement('link');if(/\\.css$/.test(u)){l.rel='preload';l.setAttribute('as','style');l.crossOrigin=''}else{l.rel='modulepreload'}l.href=u;document.head.appendChild(l)})})(${JSON.stringify(files)});`;

/**
 * Build step: writes the first screens' preload script into index.html, so that on a slow phone network the
 * plaza's, the guide's and the home page's own code travels with the entry instead of one round trip after it.
 * The server allows the inline script by its hash (it reads index.html's inline scripts at start). It goes first
 * in the head: an inline script after a stylesheet waits for that stylesheet, and the preloads with it. CSS
 * preloads are anonymous (crossorigin), as the loader that later adds the stylesheet asks for them.
 */
export const routePreloadPlugin = (): Plugin => ({
  name: 'aichuang:route-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      if (!ctx.bundle) return [];
      return [{ tag: 'script', children: preloadScript(firstScreenFiles(ctx.bundle as unknown as OutputBundle)), injectTo: 'head-prepend' }];
    },
  },
});
