import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser } from './helpers';

/** Issue 6 journeys: the plaza logged out, like asks to log in, log in and come back, like and comment; markdown injection is inert. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Envelope<T> {
  code: number;
  result: T;
  message?: unknown;
}

const api = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path} failed: ${JSON.stringify(answer)}`);
  return answer.result;
};

type Card = { id: number; liked: boolean; isMine: boolean; likeCount: number };

describe('content plaza in Chromium at phone size', () => {
  it('opens the plaza logged out, asks to log in on like, logs in, comes back, likes and comments', async () => {
    // A work of the first tab the demo user has not liked and did not write.
    const { accessToken } = await loginByPassword();
    const page1 = await api<{ items: Card[] }>('/api/sysArticle/page', { page: 1, pageSize: 20, categoryId: 1 }, accessToken);
    const target = page1.items.find((a) => !a.liked && !a.isMine);
    expect(target, 'a seeded work the demo user has not liked').toBeDefined();

    const { context, page, errors } = await newPhonePage(browser);
    await open(page, '/pages/plaza/index');
    await page.getByTestId('plaza-page').waitFor({ timeout: 60_000 });
    await page.getByTestId('article-card').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('article-card').count()).toBeGreaterThan(1);
    await screenshot(page, 'plaza-tab');

    await page.locator(`[data-testid="article-card"][data-id="${target!.id}"] a`).first().click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/pages/detail/article');
    await page.getByTestId('article-view').waitFor({ timeout: 60_000 });
    const before = Number(await page.getByTestId('article-like-count').textContent());
    expect(before).toBe(target!.likeCount);

    await page.getByTestId('article-like').click();
    await page.getByText('登录后才能点赞和评论，是否前往登录？').waitFor({ timeout: 30_000 });
    await page.getByText('去登录', { exact: true }).click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/pages/user/login');

    await page.getByTestId('to-passwd').click();
    await page.getByTestId('passwd-page').waitFor({ timeout: 30_000 });
    await page.getByTestId('account-input').fill('13800000000');
    await page.getByTestId('password-input').fill('demo123456');
    await page.getByTestId('agreement-input').check();
    await page.getByTestId('submit').click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/pages/detail/article');
    expect(new URL(page.url()).hash).toContain(`id=${target!.id}`);
    await page.getByTestId('article-view').waitFor({ timeout: 60_000 });

    await page.getByTestId('article-like').click();
    await expect.poll(() => page.getByTestId('article-like-count').textContent(), { timeout: 30_000 }).toBe(String(before + 1));
    expect(await page.getByTestId('article-like').getAttribute('aria-pressed')).toBe('true');

    const text = `写得真好，学到了 ${Date.now() % 100000}`;
    await page.getByTestId('comment-input').fill(text);
    await page.getByTestId('comment-send').click();
    await page.getByTestId('comment-list').getByText(text).waitFor({ timeout: 30_000 });
    await screenshot(page, 'plaza-article-commented');

    // The server agrees.
    const detail = await fetch(`${baseUrl()}/api/sysArticle/detail?id=${target!.id}`, { headers: { authorization: `Bearer ${accessToken}` } });
    const answer = (await detail.json()) as Envelope<{ liked: boolean; likeCount: number }>;
    expect(answer.result).toMatchObject({ liked: true, likeCount: before + 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders an article with injected HTML inertly (no onerror, no script runs)', async () => {
    const { accessToken } = await loginByPassword();
    const content = [
      '# 注入测试',
      '正文 <img src=x onerror="window.__xss=1">',
      '<script>window.__xss=2</script>',
      '[链接](javascript:window.__xss=3)',
    ].join('\n\n');
    const { id } = await api<{ id: number }>('/api/sysArticle/add', { title: '注入测试', content, categoryId: 1 }, accessToken);

    const { context, page } = await newPhonePage(browser);
    await open(page, `/pages/detail/article?id=${id}`);
    await page.getByTestId('article-view').waitFor({ timeout: 60_000 });
    await page.locator('.markdown').getByText('正文').waitFor({ timeout: 30_000 });
    // Give a broken image time to fire its error event, and click the link.
    await page.waitForTimeout(1500);
    await page.locator('.markdown a').first().click({ trial: false }).catch(() => undefined);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('.markdown script').count()).toBe(0);
    expect(await page.locator('.markdown [onerror]').count()).toBe(0);
    await screenshot(page, 'plaza-markdown-injection');
    await context.close();
  });
});
