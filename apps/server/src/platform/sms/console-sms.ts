import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SmsProvider } from './sms-provider.js';

/** The subset of a pino logger this provider uses. */
export interface SmsLogger {
  info(obj: object, msg?: string): void;
}

export interface ConsoleSmsConfig {
  /** DATA_DIR; the outbox is `<dataDir>/outbox/sms.jsonl`. */
  dataDir: string;
  logger: SmsLogger;
  /** Shown in the message text like a real signature: 【签名】. */
  signName?: string;
  now?: () => Date;
}

export interface OutboxEntry {
  phone: string;
  code: string;
  at: string;
}

export const smsOutboxPath = (dataDir: string): string => join(dataDir, 'outbox', 'sms.jsonl');

/**
 * Development provider: logs the message and appends `{phone, code, at}` to a JSON-lines outbox that
 * tests and the browser journeys read the code from. Never use it where real users sign in.
 */
export const createConsoleSms = (config: ConsoleSmsConfig): SmsProvider => {
  const now = config.now ?? (() => new Date());
  const file = smsOutboxPath(config.dataDir);
  const sign = config.signName ?? 'AI创作家';
  return {
    name: 'console',
    async send(phone, code, ttlMinutes) {
      const entry: OutboxEntry = { phone, code, at: now().toISOString() };
      const text = `【${sign}】你的验证码是${code}，${ttlMinutes}分钟内有效。请勿泄露给他人。`;
      config.logger.info({ sms: { phone, text } }, 'sms outbox');
      await mkdir(join(config.dataDir, 'outbox'), { recursive: true });
      // One write per line with O_APPEND: concurrent sends do not interleave their lines.
      await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
    },
  };
};

/** Reads the outbox (for tests and dev tools): every entry, oldest first. */
export const readSmsOutbox = async (dataDir: string): Promise<OutboxEntry[]> => {
  let text: string;
  try {
    text = await readFile(smsOutboxPath(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxEntry);
};
