import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

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

/** The keys the app signs and encrypts with, read once at start: the configured value, else the kept one. */
export interface Secrets {
  /** Signs access tokens. */
  jwt: string;
  /** Hashes stored SMS codes. */
  smsCode: string;
  /** Signs the short-lived ticket that binds a WeChat log-in to a phone. */
  wechatBind: string;
  /** Encrypts ID card numbers (AES-256 key, base64 or hex). */
  idCardKey: string;
  /** Signs the expiring URLs of private files. */
  fileUrl: string;
  /** Signs the hidden AI labels (AIGC ReservedCode1/2) of the files we make. */
  aigc: string;
}

/**
 * With JWT_SECRET set (as on several API hosts, each with its own DATA_DIR), the SMS-code and WeChat-binding
 * keys derive from it, so a code sent through one process is checked by another.
 */
const derivedOrKept = (config: Config, dataDir: string, name: string): string =>
  config.JWT_SECRET
    ? createHmac('sha256', config.JWT_SECRET).update(name).digest('base64url')
    : loadOrCreateSecret(dataDir, name);

export const createSecrets = (config: Config, dataDir: string): Secrets => ({
  jwt: config.JWT_SECRET ?? loadOrCreateSecret(dataDir, 'jwt'),
  smsCode: derivedOrKept(config, dataDir, 'sms-code'),
  wechatBind: derivedOrKept(config, dataDir, 'wechat-bind'),
  idCardKey: config.ID_CARD_KEY ?? loadOrCreateSecret(dataDir, 'id-card-key', 32),
  fileUrl: config.FILE_URL_SECRET ?? loadOrCreateSecret(dataDir, 'file-url'),
  aigc: config.AIGC_SECRET ?? derivedOrKept(config, dataDir, 'aigc'),
});
