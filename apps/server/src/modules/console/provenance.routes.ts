import { endpoints, PROVENANCE_MAX_BYTES } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../platform/errors.js';
import { registerEndpoint } from '../../platform/http/endpoint.js';
import { multipartRefusal } from '../../platform/storage/multipart.js';
import type { Provenance } from './provenance.js';

/** 内容溯源: the operator's file (multipart `file`), read whole in memory: it is read once and thrown away. */
export const registerProvenanceRoute = (app: FastifyInstance, provenance: Provenance) => {
  registerEndpoint(
    app,
    endpoints.consoleProvenance,
    async ({ actor, req }) => {
      let data: Buffer;
      try {
        const part = await req.file({ limits: { fileSize: PROVENANCE_MAX_BYTES, files: 1 } });
        if (!part) throw badRequest('provenance_file_missing');
        data = await part.toBuffer();
      } catch (error) {
        throw multipartRefusal(error, {
          missing: 'provenance_file_missing',
          tooMany: () => badRequest('too_many_files'),
          tooLarge: () => badRequest('upload_too_large', { max: '200MB' }),
        });
      }
      if (!data.length) throw badRequest('provenance_file_missing');
      return provenance.check(actor, data);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
};
