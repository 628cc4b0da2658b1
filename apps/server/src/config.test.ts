import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config from the environment', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      ADMIN_PASSWORD: 'admin123456',
      SEED_DEMO: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads and coerces values', () => {
    const config = loadConfig({
      PORT: '3000',
      DATA_DIR: '/tmp/x',
      SEED_DEMO: 'false',
      DATABASE_URL: 'postgres://u:p@127.0.0.1/db',
    });
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: '/tmp/x',
      SEED_DEMO: false,
      DATABASE_URL: 'postgres://u:p@127.0.0.1/db',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
  ])('a bad value stops start-up with one line naming the variable (%o)', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(`Invalid environment variable ${name}`);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });
});
