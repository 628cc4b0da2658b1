import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Shared helpers of the browser journeys: Debian's Chromium through playwright-core, a phone-sized page,
 * signed test tokens and screenshots. `scripts/run-e2e.mjs` starts the server and sets E2E_BASE_URL and
 * E2E_JWT_SECRET.
 */
export const ARTIFACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
} as const;

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys through scripts/run-e2e.mjs');
  return url.replace(/\/$/, '');
};

/** Playwright gives every launch a fresh, temporary user-data directory. */
export const startBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });

export interface PhonePage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors seen so far (a journey can assert there were none). */
  errors: Error[];
}

/** A new isolated context at phone size (390×844, touch, device scale 3), Chinese by default. */
export const newPhonePage = async (
  browser: Browser,
  options: { locale?: string } = {},
): Promise<PhonePage> => {
  const context = await browser.newContext({
    ...PHONE,
    locale: options.locale ?? 'zh-CN',
    baseURL: baseUrl(),
  });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { context, page, errors };
};

/** Opens a hash route, e.g. `open(page, '/pages/index/index')`. */
export const open = async (page: Page, route: string): Promise<void> => {
  await page.goto(`${baseUrl()}/#${route}`);
};

/** The route the app shows now (the hash without its query). */
export const currentRoute = (page: Page): string =>
  new URL(page.url()).hash.replace(/^#/, '').split('?')[0] ?? '';

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** An HS256 JWT as the server issues them (payload: uid, tenantId, roles, permissions, exp). */
export const signToken = (
  payload: Record<string, unknown>,
  secret: string = process.env.E2E_JWT_SECRET ?? 'e2e-secret-e2e-secret-e2e-secret-0123',
): string => {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(
    JSON.stringify({
      uid: 1,
      tenantId: 1,
      roles: ['user'],
      permissions: [],
      iat: now,
      exp: now + 3600,
      jti: randomUUID(),
      ...payload,
    }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
};

/** Logs in through the real API (demo user by default) and answers the token pair the app stores. */
export const loginByPassword = async (
  account = '13800000000',
  password = 'demo123456',
): Promise<{ accessToken: string; refreshToken: string }> => {
  const res = await fetch(`${baseUrl()}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json()) as { code: number; result: { accessToken: string; refreshToken: string } };
  if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.result;
};

/** Stores a session the way the app does (`{ type, data }`) before any page script runs. */
export const withSession = async (
  context: BrowserContext,
  session: { accessToken: string; refreshToken?: string },
) => {
  await context.addInitScript((value) => {
    if (!window.localStorage.getItem('session')) {
      window.localStorage.setItem('session', JSON.stringify({ type: 'object', data: value }));
    }
  }, session);
};

export const screenshot = async (page: Page, name: string): Promise<string> => {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
};

/** The newest code the console SMS provider wrote for this phone (`<DATA_DIR>/outbox/sms.jsonl`). */
export const outboxCode = (phone: string): string | undefined => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the journeys through scripts/run-e2e.mjs');
  const file = join(dir, 'outbox', 'sms.jsonl');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
  return lines
    .map((l) => JSON.parse(l) as { phone: string; code: string })
    .filter((m) => m.phone.endsWith(phone))
    .at(-1)?.code;
};
