import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { withEtag } from '../../platform/http/etag.js';
import type { DictionaryService } from './dictionary.service.js';

/** Dictionaries and app configuration (service built by dictionary.module.ts). */
export const registerDictionaryRoutes = (app: FastifyInstance, service: DictionaryService) => {
  // Read on every app start: answered from memory, with an ETag (304 when the app holds this version).
  registerEndpoint(app, endpoints.dictDataList, async ({ actor, params, req, reply }) =>
    // In the caller's language (stored translations, zh-Hans fallback).
    withEtag(req, reply, await service.list(actor, params.name)),
  );
  registerEndpoint(app, endpoints.dictVersions, async ({ actor, req, reply }) =>
    withEtag(req, reply, await service.versions(actor)),
  );
  registerEndpoint(app, endpoints.dictDataPage, ({ actor, body }) => service.page(actor, body));
  registerEndpoint(app, endpoints.dictDataAdd, ({ actor, body }) => service.add(actor, body));
  registerEndpoint(app, endpoints.dictDataUpdate, ({ actor, body }) => service.update(actor, body));
  registerEndpoint(app, endpoints.dictDataDelete, ({ actor, body }) => service.remove(actor, body.id));
};
