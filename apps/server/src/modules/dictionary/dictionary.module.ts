import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform.js';
import { registerDictionaryRoutes } from './dictionary.routes.js';
import { createDictionaryService, type DictionaryService } from './dictionary.service.js';

/** The dictionary service, built once per app: dictionaries and the app configuration, cached in memory. */
export const createDictionaryModule = (platform: Platform) => ({
  dictionary: createDictionaryService({ db: platform.db, clock: platform.clock, cache: platform.cache }),
});

/** Dictionaries composed: the service and its routes. Answers the service (the console edits through it). */
export const registerDictionaryModule = (app: FastifyInstance, platform: Platform): DictionaryService => {
  const { dictionary } = createDictionaryModule(platform);
  registerDictionaryRoutes(app, dictionary);
  return dictionary;
};
