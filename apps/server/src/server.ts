import { buildApp } from './app.js';
import { ConfigError } from './config.js';
import { configOrExit, exitOnSignals } from './process-lifecycle.js';
import { reportSystemPackages } from './platform/system-packages.js';

const main = async () => {
  const config = configOrExit();
  // A DATA_DIR that cannot be written or is held by another server: one line, exit 1.
  const app = await buildApp(config).catch((error: unknown) => {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  reportSystemPackages(app.log);
  exitOnSignals(app, 'draining requests', 15000);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`AI创作家 is ready at ${address} (database: ${app.platform.database.kind})`);
};

void main();
