import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/**
 * Issue 37 point 5 in Chromium at 390×844: 店长 in a sentence is read zhǎng (our phrase dictionary over pinyin-pro,
 * which alone answers cháng). The dubbing editor's reading of 长 says so, and the dubbing made from it succeeds.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 60_000 };
const TEXT = '欢迎光临，我是这家店的店长。';

describe('多音字 in the dubbing editor', () => {
  it('reads 店长 as diàn zhǎng and dubs it', async () => {
    const session = await loginByPassword('13800000000', 'demo123456');
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);

    await open(page, `/media/dub/index?text=${encodeURIComponent(TEXT)}`);
    await page.getByTestId('dub-panel').waitFor(WAIT);
    await page.getByTestId('voice-espeak-cmn-f3').click();

    // 长 is the 13th character (index 12): its reading in this sentence is zhǎng, cháng only an option.
    await page.getByTestId('dub-char-0-12').click();
    const picker = page.getByTestId('dub-picker');
    await picker.waitFor(WAIT);
    await expect.poll(() => picker.locator('.dub-picker__title').textContent(), WAIT).toContain('zhǎng');
    expect(await picker.locator('.dub-picker__title').textContent()).not.toContain('cháng');
    await screenshot(page, 'polyphone-dianzhang');
    await picker.getByRole('button').last().click();

    await page.getByTestId('dub-generate').click();
    await page.locator('[data-testid="dub-result"][data-status="succeeded"]').waitFor(WAIT);
    expect(await page.getByTestId('timed-lines').textContent()).toContain('店长');

    expect(errors).toEqual([]);
    await context.close();
  });
});
