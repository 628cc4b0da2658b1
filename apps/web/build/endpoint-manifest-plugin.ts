import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:endpoint-manifest';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

interface EndpointLike {
  method: string;
  path: string;
  auth: string;
  kind?: string;
}

/**
 * The API client needs only each endpoint's method, path, auth and kind at run time; the contract's zod
 * schemas matter to the types only. In a production build this plugin evaluates the contract once and
 * emits those four fields per endpoint, so no page ships zod (about 33 KB gzip) just to learn a path.
 * In dev and tests the module re-exports the contract itself (always fresh).
 */
export const endpointManifestPlugin = (contractEntry: string): Plugin => {
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'endpoint-manifest',
    configResolved(config) {
      command = config.command;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (command !== 'build') return `export { endpoints as manifest } from '@app/contract';`;
      const { module } = await runnerImport<{ endpoints: Record<string, EndpointLike> }>(fileURLToPath(contractEntry), {
        configFile: false,
        logLevel: 'silent',
      });
      const manifest = Object.fromEntries(
        Object.entries(module.endpoints).map(([name, e]) => [
          name,
          { method: e.method, path: e.path, auth: e.auth, ...(e.kind ? { kind: e.kind } : {}) },
        ]),
      );
      return `export const manifest = ${JSON.stringify(manifest)};`;
    },
  };
};
