// Public entry of the dictionary module: dictionaries and the app configuration other modules read.
export { dictionaryModule, type DictionaryModule } from './dictionary.module.js';
export { getAppConfig, getDictionary, getDictVersions } from './dictionary.service.js';
export { SEED_DICTIONARIES, seedDictionaries } from './dictionary.seed.js';
export { DICTIONARY_CATALOGUE } from './dictionary.translations.js';
export type { DictionaryService } from './dictionary.service.js';
