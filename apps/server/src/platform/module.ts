import type { FastifyInstance } from 'fastify';
import type { PlatformJobs } from './jobs/recurring.js';
import type { Platform } from './platform.js';

/**
 * A feature module, as one definition (`modules/<area>/index.ts` exports it): what it needs from other modules,
 * how it builds its repositories and services once, and what it adds to a process.
 *
 * - `create(platform, deps)` builds the services; `deps` holds the services of the modules named in `needs`
 *   (keyed as in `needs`, typed by those modules' definitions).
 * - `jobs(runner, services, platform)` registers job handlers and recurring work (sweeps, schedules) on the
 *   runner it is given: the platform's in the API and in `npm run worker`, or a second one in a test.
 * - `routes(app, services, platform)` registers HTTP routes only. The worker never calls it, and a definition
 *   loads its route files lazily (`await import('./x.routes.js')`) so that they are not in the worker's imports.
 * - `start(services, platform)` runs once the process is ready (the API's onReady, the worker before its runner
 *   starts); `close(services)` releases what `create` opened, before the platform closes.
 */
export interface ModuleDefinition<Services = unknown, Needs extends ModuleNeeds = ModuleNeeds> {
  name: string;
  needs: Needs;
  create(platform: Platform, deps: ServicesOfNeeds<Needs>): Services;
  jobs?(runner: PlatformJobs, services: Services, platform: Platform): void;
  routes?(app: FastifyInstance, services: Services, platform: Platform): void | Promise<void>;
  start?(services: Services, platform: Platform): Promise<void>;
  close?(services: Services): Promise<void>;
}

// `any`: a need may be any module, whatever its services and needs (the definition's own types stay exact).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModuleDefinition = ModuleDefinition<any, any>;
export type ModuleNeeds = Record<string, AnyModuleDefinition>;

/** The services a definition's `create` answers. */
export type ServicesOf<D> = D extends { create: (...args: never[]) => infer S } ? S : never;
type ServicesOfNeeds<Needs> = { [K in keyof Needs]: ServicesOf<Needs[K]> };

/** A module definition, its services and needs inferred (`needs` defaults to none). */
export const defineModule = <Services, Needs extends ModuleNeeds = Record<never, never>>(
  definition: Omit<ModuleDefinition<Services, Needs>, 'needs'> & { needs?: Needs },
): ModuleDefinition<Services, Needs> => ({ ...definition, needs: definition.needs ?? ({} as Needs) });

/** A module built in this process: its definition and the services its `create` answered. */
export interface CreatedModule {
  definition: AnyModuleDefinition;
  services: unknown;
}

/**
 * Builds every module's services in the declared order, each from the platform and the services of the
 * modules it needs; a module that needs one declared after it is a programming error, refused at start.
 */
export const createModules = (
  definitions: readonly AnyModuleDefinition[],
  platform: Platform,
): CreatedModule[] => {
  const created = new Map<AnyModuleDefinition, unknown>();
  for (const definition of definitions) {
    const deps: Record<string, unknown> = {};
    for (const [key, needed] of Object.entries(definition.needs as ModuleNeeds)) {
      if (!created.has(needed)) {
        throw new Error(`module ${definition.name} needs ${needed.name}, which is not created before it`);
      }
      deps[key] = created.get(needed);
    }
    created.set(definition, definition.create(platform, deps));
  }
  return definitions.map((definition) => ({ definition, services: created.get(definition) }));
};

/** Every module's job handlers and recurring work, on `runner`. */
export const registerModuleJobs = (modules: readonly CreatedModule[], runner: PlatformJobs, platform: Platform) => {
  for (const { definition, services } of modules) definition.jobs?.(runner, services, platform);
};

/** Every module's HTTP routes, in the declared order. */
export const registerModuleRoutes = async (
  modules: readonly CreatedModule[],
  app: FastifyInstance,
  platform: Platform,
) => {
  for (const { definition, services } of modules) await definition.routes?.(app, services, platform);
};

/** Every module's start work (once the process is ready). */
export const startModules = async (modules: readonly CreatedModule[], platform: Platform) => {
  for (const { definition, services } of modules) await definition.start?.(services, platform);
};

/** Releases what the modules opened, last created first. */
export const closeModules = async (modules: readonly CreatedModule[]) => {
  for (const { definition, services } of [...modules].reverse()) await definition.close?.(services);
};
