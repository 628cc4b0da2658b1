import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

const logsEveryRequest = (log: FastifyBaseLogger) => log.level === 'debug' || log.level === 'trace';

/** What one log line says about a finished request. */
const summary = (request: FastifyRequest, reply: FastifyReply) => ({
  method: request.method,
  url: request.url,
  statusCode: reply.statusCode,
  responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
});

/**
 * Fastify writes two `info` lines per request by default, which costs more than a hot read. This keeps one line,
 * at `info`, for the requests that need attention: failed ones, other non-2xx answers (a `304 Not Modified` is a
 * successful read) and requests slower than `slowMs`. Every request is logged only at `debug`. Fastify's error
 * logs (and ours, with the stack, in the error handler) are unchanged.
 */
export class RequestLogController extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (logsEveryRequest(request.log)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error({ ...summary(request, reply), err: error }, 'request errored');
      return;
    }
    const status = reply.statusCode;
    if ((status >= 300 && status !== 304) || reply.elapsedTime >= this.slowMs) {
      reply.log.info(summary(request, reply), 'request completed');
    } else if (logsEveryRequest(reply.log)) {
      reply.log.debug(summary(request, reply), 'request completed');
    }
  }
}
