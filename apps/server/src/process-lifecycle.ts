import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';

/** Reads the environment; a bad value prints one line naming the variable and exits 1. */
export const configOrExit = (check?: (config: Config) => void): Config => {
  try {
    const config = loadConfig();
    check?.(config);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};

/** What a process closes on a signal: the API's Fastify app, or the worker's platform and modules. */
export interface Closable {
  log: FastifyBaseLogger;
  close(): Promise<unknown>;
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: `close()` drains requests (the API) or running jobs and closes the
 * database; a process that has not finished within `graceMs` is stopped anyway.
 */
export const exitOnSignals = (target: Closable, what: string, graceMs: number): void => {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    target.log.info({ signal }, `shutting down: ${what}`);
    const force = setTimeout(() => process.exit(1), graceMs);
    force.unref();
    target.close().then(
      () => process.exit(0),
      (error: unknown) => {
        target.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
};
