import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the operator did not set are generated once and kept in DATA_DIR/secrets.json (mode 600),
 * so tokens and encrypted fields survive restarts without any setup.
 */
export const loadOrCreateSecret = (dataDir: string, name: string, bytes = 32): string => {
  const file = path.join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  const existing = secrets[name];
  if (existing) return existing;
  secrets[name] = randomBytes(bytes).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets[name];
};
