import { expect, it, vi } from 'vitest';
import { reportError } from './error-report';

// Offline, the app config's code (loaded with the first report) cannot be fetched.
vi.mock('./app-config', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/app-config.js');
});

it('a report whose app config cannot be fetched (offline) settles quietly and sends nothing', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await expect(reportError(new TypeError('Failed to fetch dynamically imported module'), 'unhandledrejection')).resolves.toBeUndefined();
  expect(globalThis.fetch).not.toHaveBeenCalled();
});
