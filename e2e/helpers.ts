import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

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

/** Calls the API as `token` (GET, or POST with `body`) and answers the envelope's result; any other code throws. */
export const apiResult = async <T = unknown>(path: string, token: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; result: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.result;
};

/** The gold balance of the user of `token`. */
export const goldOf = async (token: string): Promise<number> =>
  (await apiResult<{ gold: number }>('/api/sysUser/baseInfo', token)).gold;

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

// The AI video journeys (video, video-storyboard).
const VIDEO_WAIT = { timeout: 30_000 };

/**
 * Adds, as the operator, a small vertical video template `value` (270×480 keeps a render short on a shared
 * machine; the pipeline is the same at 1080×1920); `data` adds to or overrides its look.
 */
export const addSmallVideoTemplate = async (value: string, label: string, data: Record<string, unknown>) => {
  const admin = await loginByPassword('admin', 'admin123456');
  await apiResult('/api/sysDictData/add', admin.accessToken, {
    name: 'video_template',
    label,
    value,
    data: {
      cover: '/static/images/video-bg-talk-vertical.svg',
      width: 270,
      height: 480,
      fontSize: 20,
      fontColor: '#FFFFFF',
      subtitlePosition: 8,
      transition: 'fade',
      description: '小尺寸测试模板',
      titlePosition: 2,
      background: '#102030',
      ...data,
    },
  });
};

/** The demo user's seeded article 海边日落 (found through the API as the demo user). */
export const seededSunsetArticle = async (token: string): Promise<{ id: number; title: string }> => {
  const works = await apiResult<{ items: { id: number; title: string }[] }>('/api/sysArticle/page', token, {
    keyword: '海边日落',
    pageSize: 5,
  });
  const article = works.items.find((w) => w.title === '海边日落，等了两个小时');
  expect(article).toBeDefined();
  return article!;
};

/** From the article's page, its more menu (做成视频) opens the video form with the article handed over. */
export const openVideoFormFromArticle = async (page: Page, articleId: number) => {
  await open(page, `/pages/detail/article?id=${articleId}`);
  await page.getByTestId('article-more').click(VIDEO_WAIT);
  await page.getByText('做成视频').click(VIDEO_WAIT);
  await expect.poll(() => currentRoute(page), VIDEO_WAIT).toBe('/media/video/index');
  await page.getByTestId('video-page').waitFor(VIDEO_WAIT);
};

/** My videos, where a create or a render leads: the newest video's row and its id. */
export const newestListedVideo = async (page: Page) => {
  await expect.poll(() => currentRoute(page), VIDEO_WAIT).toBe('/media/video/list');
  const item = page.locator('[data-testid^="video-item-"]').first();
  await item.waitFor(VIDEO_WAIT);
  return { item, id: (await item.getAttribute('data-testid'))!.replace('video-item-', '') };
};

/** Plays my video `id` in the list's player (muted) until its time moves; answers its size, [width, height]. */
export const playListedVideo = async (page: Page, id: string): Promise<number[]> => {
  await page.getByTestId(`video-play-${id}`).click();
  const player = page.getByTestId(`video-player-${id}`);
  await player.waitFor(VIDEO_WAIT);
  const video = player.locator('video');
  await video.evaluate((el: HTMLVideoElement) => {
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), VIDEO_WAIT)
    .toBeGreaterThan(0.5);
  return video.evaluate((el: HTMLVideoElement) => [el.videoWidth, el.videoHeight]);
};

/** Shares my video `id` to the plaza from the list; answers the server's envelope (the new work's id). */
export const shareListedVideo = async (page: Page, id: string) => {
  const [shared] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/sysArticle/add'), VIDEO_WAIT),
    page.getByTestId(`video-share-${id}`).click(),
  ]);
  return (await shared.json()) as { code: number; result: { id: number } };
};
