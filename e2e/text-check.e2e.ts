import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/**
 * Spec §5 local text checks in Chromium against the real server: the stop words the server serves are read
 * (so `赌*博` is `赌博`), and forms that publish text point out sensitive words before sending (emoji are welcome, and the words around one are
 * still read).
 */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Requests to `path` the page sends from now on. */
const watch = (page: Page, path: string): string[] => {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request.method());
  });
  return seen;
};

describe('local text checks in Chromium', () => {
  it('a comment with a sensitive word split by a filler is stopped before it is sent', async () => {
    const session = await loginByPassword();
    const res = await fetch(`${baseUrl()}/api/sysArticle/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page: 1, pageSize: 1, categoryId: 1 }),
    });
    const id = ((await res.json()) as { result: { items: { id: number }[] } }).result.items[0]!.id;
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    const stopWords = page.waitForResponse((r) => r.url().endsWith('/static/sensitive-stop-words.json'));
    const commentAdds = watch(page, '/api/sysComment/add');
    await open(page, `/pages/detail/article?id=${id}`);
    await page.getByTestId('comment-input').waitFor({ timeout: 60_000 });
    await page.getByTestId('comment-input').fill('大家一起来赌*博吧');
    await page.getByTestId('comment-send').click();
    expect((await stopWords).status()).toBe(200);
    await page.getByText('内容包含敏感词「赌博」，请修改后再提交').waitFor({ timeout: 30_000 });
    await screenshot(page, 'item2-comment-sensitive');
    expect(await page.getByTestId('comment-input').inputValue()).toBe('大家一起来赌*博吧');
    expect(commentAdds).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('feedback with an emoji is sent (emoji are welcome); one with a word split by an emoji is not', async () => {
    const { context, page } = await newPhonePage(browser);
    await withSession(context, await loginByPassword());
    const feedbackAdds = watch(page, '/api/sysFeedback/add');
    await open(page, '/set/help/feedback');
    await page.getByTestId('feedback-content').waitFor({ timeout: 60_000 });
    await page.getByTestId('feedback-content').fill('这里有人赌😀博');
    await page.getByTestId('feedback-submit').click();
    await expect.poll(() => page.getByTestId('form-error').textContent(), { timeout: 30_000 }).toBe('内容包含敏感词「赌博」，请修改后再提交');
    expect(feedbackAdds).toEqual([]);
    await page.getByTestId('feedback-content').fill('页面很好用，点赞👍');
    await page.getByTestId('feedback-submit').click();
    await expect.poll(() => feedbackAdds.length, { timeout: 30_000 }).toBe(1);
    await context.close();
  });
});
