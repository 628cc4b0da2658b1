import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet computes for `options`, computed once. (@fastify/helmet builds helmet's whole
 * middleware again on every request, which cost a hot read more than its own work.)
 */
export const securityHeaders = (options: Readonly<HelmetOptions>): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
};

/**
 * Features the app never uses are switched off for every page; the microphone stays allowed for our own
 * origin (recording a clip for subtitles), clipboard writes need no permission.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(self), midi=(), payment=(), usb=(), interest-cohort=()';

/**
 * Sends helmet's headers for `options` with every answer (a handler may still replace one, as /api/docs does).
 * HSTS only on HTTPS (directly or as the trusted proxy says): over plain HTTP it means nothing and would
 * pin a developer's localhost to HTTPS.
 */
export const registerSecurityHeaders = (app: FastifyInstance, options: Readonly<HelmetOptions>) => {
  const { 'strict-transport-security': hsts, ...headers } = securityHeaders(options);
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (hsts && req.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
};
