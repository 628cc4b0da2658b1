/**
 * Build variants (spec §1): one backend tenant, three apps that differ by name, logos, package id,
 * app-store scheme and the page "back with no history" lands on. Chosen at build time with `--mode`.
 * The display names live in the locale files under `variant.<id>.name`; `manifestName` is the
 * installable name written into the web manifest (Chinese first).
 */
export const VARIANT_IDS = ['main', 'chat', 'brand'] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

export interface Variant {
  id: VariantId;
  /** Android/iOS package id of the native shell. */
  packageId: string;
  /** App-store / deep-link scheme. */
  scheme: string;
  /** Where "back" goes when there is no history. */
  homePath: '/pages/index/index' | '/pages/plaza/index';
  manifestName: string;
  manifestShortName: string;
  /** Logo gradient, start and end colours. */
  colors: [string, string];
  themeColor: string;
}

export const variants: Record<VariantId, Variant> = {
  main: {
    id: 'main',
    packageId: 'com.aichuang.app',
    scheme: 'aichuang',
    homePath: '/pages/index/index',
    manifestName: 'AI创作家',
    manifestShortName: 'AI创作家',
    colors: ['#2384F5', '#6A5CFF'],
    themeColor: '#2384F5',
  },
  chat: {
    id: 'chat',
    packageId: 'com.aichuang.chat',
    scheme: 'aichuangchat',
    homePath: '/pages/index/index',
    manifestName: 'AI聊天助手',
    manifestShortName: 'AI聊天',
    colors: ['#12B886', '#2384F5'],
    themeColor: '#12B886',
  },
  brand: {
    id: 'brand',
    packageId: 'com.aichuang.sketch',
    scheme: 'shouhui',
    homePath: '/pages/plaza/index',
    manifestName: '手绘星球',
    manifestShortName: '手绘星球',
    colors: ['#FF8A3D', '#FF4D8D'],
    themeColor: '#FF6A5C',
  },
};

/** `vite build` without `--mode` (mode "production") and `vite` (mode "development") build the main app. */
export const resolveVariantId = (mode: string | undefined): VariantId =>
  (VARIANT_IDS as readonly string[]).includes(mode ?? '') ? (mode as VariantId) : 'main';
