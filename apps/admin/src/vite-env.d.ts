/// <reference types="vite/client" />

declare module 'virtual:endpoint-manifest' {
  /** Method, path, auth and kind of every contract endpoint (apps/web/build/endpoint-manifest-plugin.ts). */
  export const manifest: Record<string, { method: string; path: string; auth: string; kind?: string }>;
}
