import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, newPhonePage, startBrowser } from './helpers';

/** Issue 27, the shell's points: plain links, the copy's publishing, the home banner, share posters' QR codes. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the first day of a new user: the shell', () => {
  it('opens a shared link without "#" on its page (point 5)', async () => {
    const { context, page, errors } = await newPhonePage(browser);
    const response = await page.goto(`${baseUrl()}/pages/plaza/index?sort=new`);
    expect(response?.status()).toBe(200);
    await page.getByTestId('plaza-page').waitFor();
    expect(currentRoute(page)).toBe('/pages/plaza/index');
    expect(new URL(page.url()).hash).toBe('#/pages/plaza/index?sort=new');
    expect(errors).toEqual([]);
    await context.close();
  });
});
