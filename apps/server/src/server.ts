import { buildApp } from './app.js';
import { configOrExit, exitOnSignals } from './process-lifecycle.js';
import { reportSystemPackages } from './platform/system-packages.js';

const main = async () => {
  const config = configOrExit();
  const app = await buildApp(config);
  reportSystemPackages(app.log);
  exitOnSignals(app, 'draining requests', 15000);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`AI创作家 is ready at ${address} (database: ${app.platform.database.kind})`);
};

void main();
