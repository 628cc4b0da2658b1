import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, loginByPassword, newPhonePage, open, startBrowser, withSession } from './helpers';

/**
 * Spec §1 "a global error handler logs errors and reports them": an error thrown in a page reaches
 * POST /api/sysLogEx/add, is accepted and stored, and the operator list shows it.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface StoredReport {
  message: string;
  logLevel: string;
  controllerName: string | null;
  actionName: string | null;
  os: string | null;
  browser: string | null;
  userId: number | null;
}

const storedReports = async (adminToken: string, contains: string): Promise<StoredReport[]> => {
  const res = await fetch(`${baseUrl()}/api/sysLogEx/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ message: contains }),
  });
  const body = (await res.json()) as { code: number; result: { items: StoredReport[] } };
  if (body.code !== 200) throw new Error(`log page failed: ${JSON.stringify(body)}`);
  return body.result.items;
};

describe('client error reports in Chromium', () => {
  it('an error thrown in a page and an unhandled rejection are reported, accepted and stored', async () => {
    const admin = (await loginByPassword('admin', 'admin123456')).accessToken;
    const { context, page } = await newPhonePage(browser);
    await withSession(context, await loginByPassword());
    await open(page, '/pages/me/index');
    await page.getByTestId('mine-page').waitFor();

    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/sysLogEx/add')) answers.push(response.status());
    });
    const marker = randomUUID().slice(0, 8);
    // Thrown from a timer, as a bug in an event handler would be: nothing catches it but the window handler.
    await page.evaluate((m) => {
      setTimeout(() => {
        throw new TypeError(`e2e thrown ${m}`);
      }, 0);
      void Promise.reject(new Error(`e2e rejected ${m}`));
    }, marker);

    await expect.poll(() => answers.length, { timeout: 15_000 }).toBe(2);
    expect(answers).toEqual([200, 200]);
    const reports = await storedReports(admin, marker);
    expect(reports).toHaveLength(2);
    const thrown = reports.find((r) => r.message.includes(`TypeError: e2e thrown ${marker}`));
    expect(thrown).toMatchObject({
      logLevel: 'error',
      actionName: 'window.onerror',
      controllerName: '/pages/me/index',
      os: 'android',
      browser: expect.stringContaining('Chrome') as string,
    });
    expect(thrown?.userId).toEqual(expect.any(Number));
    const rejected = reports.find((r) => r.message.includes(`e2e rejected ${marker}`));
    expect(rejected).toMatchObject({ logLevel: 'error', actionName: 'unhandledrejection' });
    await context.close();
  });
});
