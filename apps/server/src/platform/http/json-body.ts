import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** Deepest nesting of arrays and objects a JSON body may have; no request of the contract needs more than a few. */
export const MAX_JSON_DEPTH = 64;

/**
 * True when JSON text nests arrays or objects deeper than `limit`. One pass over the text, no recursion, stopping
 * at the first level past the limit: the cost stays linear in the body, whatever the attacker sends, and the
 * parsed value that reaches validation (zod, the text checks, the database) is never deep enough to exhaust the stack.
 * Brackets inside strings do not count; the text need not be valid JSON (the parser judges that afterwards).
 */
export const exceedsJsonDepth = (text: string, limit = MAX_JSON_DEPTH): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
};

/**
 * The JSON body parser of the API: Fastify's own (prototype poisoning refused), after the depth check above.
 * Too deep or not JSON at all → 400 `invalid_json` (the error handler maps the parser's own syntax errors).
 */
export const registerJsonBodyParser = (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (exceedsJsonDepth(text)) {
      done(new AppError(400, 'invalid_json', { maxDepth: MAX_JSON_DEPTH }), undefined);
      return;
    }
    void parse(req, text, done);
  });
};
