import { commonInfoEndpoints } from './common-info.js';
import { dictionaryEndpoints } from './dictionary.js';

/** The one registry of every endpoint the server implements; server routes and the web client both read it. */
export const endpoints = {
  ...commonInfoEndpoints,
  ...dictionaryEndpoints,
};
export type EndpointName = keyof typeof endpoints;
