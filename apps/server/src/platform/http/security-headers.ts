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
/** A built script or stylesheet of the web app or the console (hashed name, under assets/). */
const HASHED_ASSET = /^\/(?:admin\/)?assets\/[^?#]+\.(?:js|css)(?:[?#]|$)/;

/**
 * What a script or stylesheet answer needs of the headers: no sniffing, and not to be embedded by other sites.
 * The others (CSP, frame, permissions, referrer …) govern documents; on each of the thirty-odd scripts of a
 * first screen they were 1 KB of headers apiece, a quarter of the JavaScript bytes a phone fetched (issue 27).
 */
const ASSET_HEADER_NAMES = ['x-content-type-options', 'cross-origin-resource-policy'];

export const registerSecurityHeaders = (app: FastifyInstance, options: Readonly<HelmetOptions>) => {
  const { 'strict-transport-security': hsts, ...headers } = securityHeaders(options);
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  const assetHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => ASSET_HEADER_NAMES.includes(name)));
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(HASHED_ASSET.test(req.url) ? assetHeaders : headers);
    if (hsts && req.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
};
