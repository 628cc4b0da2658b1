import { defineModule } from '../../platform/module.js';
import type { Platform } from '../../platform/platform.js';
import { createDictionaryRepositories } from './dictionary.repository.js';
import { createDictionaryService } from './dictionary.service.js';

/** The dictionary service, built once per app: dictionaries and the app configuration, cached in memory. */
export const createDictionaryModule = (platform: Platform) => ({
  dictionary: createDictionaryService({
    store: createDictionaryRepositories(platform.db),
    clock: platform.clock,
    cache: platform.cache,
  }),
});

export type DictionaryModule = ReturnType<typeof createDictionaryModule>;

/** Dictionaries: the service and its routes (the console edits through the service). */
export const dictionaryModule = defineModule({
  name: 'dictionary',
  create: createDictionaryModule,
  routes: async (app, { dictionary }) =>
    (await import('./dictionary.routes.js')).registerDictionaryRoutes(app, dictionary),
});
