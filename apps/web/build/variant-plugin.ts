import type { Plugin } from 'vite';
import { variants, type VariantId } from '../src/shared/config/variants.ts';
import { logoPng, logoSvg } from './logo.ts';

/**
 * Per build variant: the web app manifest (installable PWA under the variant's own name), generated
 * logos (SVG + PNG 192/512 + maskable 512 + apple-touch 180) and the matching tags in index.html.
 */
export const variantPlugin = (id: VariantId): Plugin => {
  const variant = variants[id];
  const files = (): Record<string, string | Buffer> => ({
    'logo.svg': logoSvg(variant.colors),
    'icon-192.png': logoPng(variant.colors, 192),
    'icon-512.png': logoPng(variant.colors, 512),
    'icon-maskable-512.png': logoPng(variant.colors, 512, true),
    'apple-touch-icon.png': logoPng(variant.colors, 180, true),
    'manifest.webmanifest': JSON.stringify(
      {
        id: `./?app=${variant.packageId}`,
        name: variant.manifestName,
        short_name: variant.manifestShortName,
        lang: 'zh-Hans',
        start_url: './#/',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#F8F8F8',
        theme_color: variant.themeColor,
        icons: [
          { src: 'logo.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        related_applications: [{ platform: 'play', id: variant.packageId, url: `${variant.scheme}://` }],
      },
      null,
      2,
    ),
  });
  let cache: Record<string, string | Buffer> | undefined;
  const get = () => (cache ??= files());
  return {
    name: 'app-variant',
    transformIndexHtml(html) {
      return html
        .replaceAll('%APP_NAME%', variant.manifestName)
        .replace(
          '</head>',
          `    <meta name="theme-color" content="${variant.themeColor}" />\n` +
            `    <link rel="manifest" href="./manifest.webmanifest" />\n` +
            `    <link rel="icon" type="image/svg+xml" href="./logo.svg" />\n` +
            `    <link rel="apple-touch-icon" href="./apple-touch-icon.png" />\n  </head>`,
        );
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        const body = get()[name];
        if (body === undefined) return next();
        const type = name.endsWith('.png')
          ? 'image/png'
          : name.endsWith('.svg')
            ? 'image/svg+xml'
            : 'application/manifest+json';
        res.setHeader('Content-Type', type);
        res.end(body);
      });
    },
    generateBundle() {
      for (const [fileName, source] of Object.entries(get())) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
};
