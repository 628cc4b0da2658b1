import type { FastifyInstance } from 'fastify';
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

/**
 * Graceful shutdown on SIGTERM/SIGINT: `app.close()` drains requests (and running jobs) and closes the
 * database; a process that has not finished within `graceMs` is stopped anyway.
 */
export const exitOnSignals = (app: FastifyInstance, what: string, graceMs: number): void => {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, `shutting down: ${what}`);
    const force = setTimeout(() => process.exit(1), graceMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
};
