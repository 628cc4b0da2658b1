import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { actorOf } from '../../platform/identity/actor.js';
import { requestLocale } from '../../platform/http/errors.plugin.js';
import { withEtag } from '../../platform/http/etag.js';
import type { DictionaryService } from './dictionary.service.js';

/** Dictionaries and app configuration (service built by dictionary.module.ts). */
export const registerDictionaryRoutes = (app: FastifyInstance, service: DictionaryService) => {
  // Read on every app start: answered from memory, with an ETag (304 when the app holds this version).
  registerEndpoint(app, endpoints.dictDataList, async ({ params, tenantId, req, reply }) =>
    // In the caller's language (stored translations, zh-Hans fallback).
    withEtag(req, reply, await service.list(tenantId, params.name, requestLocale(req))),
  );
  registerEndpoint(app, endpoints.dictVersions, async ({ tenantId, req, reply }) =>
    withEtag(req, reply, await service.versions(tenantId)),
  );
  registerEndpoint(app, endpoints.dictDataPage, ({ body, tenantId }) => service.page(tenantId, body));
  registerEndpoint(app, endpoints.dictDataAdd, (input) => service.add(actorOf(input), input.body));
  registerEndpoint(app, endpoints.dictDataUpdate, (input) => service.update(actorOf(input), input.body));
  registerEndpoint(app, endpoints.dictDataDelete, (input) => service.remove(actorOf(input), input.body.id));
};
