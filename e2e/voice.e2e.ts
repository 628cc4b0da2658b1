import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  currentRoute,
  loginByPassword,
  newPhonePage,
  open,
  screenshot,
  startBrowser,
  withSession,
} from './helpers';

/** AI dubbing and audio to subtitles, offline engines, in Chromium at phone size. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
const TEXT = '春天来了，公园里的花都开了。小朋友们在草地上放风筝！';

const goldOf = async (accessToken: string): Promise<number> => {
  const res = await fetch(`${baseUrl()}/api/sysUser/baseInfo`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return ((await res.json()) as { result: { gold: number } }).result.gold;
};

describe('AI dubbing in Chromium at phone size', () => {
  it('dubs the copy text offline, pays per word, plays it, subtitles the audio with its script, lists and deletes', async () => {
    const session = await loginByPassword('13800000000', 'demo123456');
    const goldBefore = await goldOf(session.accessToken);
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);

    // The copy page's text arrives in the box; counter and cost follow it (23 words × 20 gold).
    await open(page, `/media/dub/index?text=${encodeURIComponent(TEXT)}`);
    await page.getByTestId('dub-panel').waitFor(WAIT);
    expect(await page.getByTestId('dub-text').inputValue()).toBe(TEXT);
    await expect
      .poll(() => page.getByTestId('dub-counter').textContent(), WAIT)
      .toBe(`${[...TEXT].length}/1000`);
    expect(await page.getByTestId('dub-cost').textContent()).toBe('预计消耗 460 金币（23 字 × 20）');
    // A member voice this server cannot run is not offered, and no setting is named (issue 27).
    expect(await page.getByTestId('voice-openai-nova').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toMatch(/未配置|AI_[A-Z]+_/);

    // A voice card's sample is real MP3 audio.
    await page.getByTestId('voice-espeak-cmn-m3').click();
    const [sample] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/textToSpeech/preview'), WAIT),
      page.getByTestId('voice-preview-espeak-cmn-m3').click(),
    ]);
    expect(sample.status()).toBe(200);
    expect(sample.headers()['content-type']).toBe('audio/mpeg');

    // Slider at 50 of 0–100 is 125 %; generate, watch progress, get the player.
    await page.getByTestId('dub-speed-slider').fill('50');
    expect(await page.getByTestId('dub-speed').textContent()).toBe('125%');
    await page.getByTestId('dub-generate').click();
    await page.locator('[data-testid="dub-result"][data-status="succeeded"]').waitFor(WAIT);
    expect(await page.getByTestId('dub-offline').textContent()).toBe('由离线引擎（espeak-ng）合成');
    // The shared player plays it (controls of its own around an audio element).
    const audioUrl = await page.getByTestId('dub-player').locator('audio').getAttribute('src');
    const mp3 = await fetch(`${baseUrl()}${audioUrl}`);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    const audio = Buffer.from(await mp3.arrayBuffer());
    expect(audio.length).toBeGreaterThan(5000);
    expect(await goldOf(session.accessToken)).toBe(goldBefore - 460);
    await screenshot(page, 'voice-dub');

    // Audio to subtitles: the MP3 with its script, timed lines, SRT download.
    await page.getByTestId('dub-tab-srt').click();
    await page.getByTestId('srt-panel').waitFor(WAIT);
    await page
      .getByTestId('srt-file')
      .setInputFiles({ name: 'dub.mp3', mimeType: 'audio/mpeg', buffer: audio });
    await page.getByTestId('srt-script').fill(TEXT);
    await page.getByTestId('srt-submit').click();
    await page.locator('[data-testid="srt-result"][data-status="succeeded"]').waitFor(WAIT);
    const lines = await page.getByTestId('timed-lines').locator('li').allTextContents();
    expect(lines[0]).toMatch(/^0:00\.\d–0:0\d\.\d春天来了，公园里的花都开了$/);
    expect(lines.at(-1)).toContain('小朋友们在草地上放风筝！');
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.getByTestId('download-srt').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.srt$/);
    await screenshot(page, 'voice-subtitles');

    // The mine tab's dubbing record opens the list; deleting asks first, then the item is gone.
    await open(page, '/pages/me/index');
    await page.getByText('配音记录').first().click();
    await expect.poll(() => currentRoute(page), WAIT).toBe('/media/dub/list');
    const item = page.locator('[data-testid^="dub-item-"]').first();
    await item.waitFor(WAIT);
    expect(await item.getAttribute('data-status')).toBe('succeeded');
    await item.locator('[data-testid^="delete-dub-"]').click();
    await page.locator('.adm-dialog-button-bold').click();
    await page.getByTestId('dub-empty').waitFor(WAIT);
    // A finished dubbing keeps its charge when deleted.
    expect(await goldOf(session.accessToken)).toBe(goldBefore - 460);
    await page.getByTestId('list-tab-srt').click();
    await page.locator('[data-testid^="srt-item-"][data-status="succeeded"]').first().waitFor(WAIT);
    expect(errors).toEqual([]);
  });
});
