import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/** Plaza journeys: the plaza logged out, like asks to log in, log in and come back, like and comment; markdown injection is inert. */
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

/** A fresh account through the SMS login (code from the console provider's outbox), so blocks touch no shared user. */
const newUser = async (): Promise<{ accessToken: string; refreshToken: string }> => {
  const phone = `139${String(Date.now()).slice(-8)}`;
  await api('/api/sysSms/SendCaptcha', { phone });
  const file = join(process.env.E2E_DATA_DIR ?? '', 'outbox', 'sms.jsonl');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(file)) return undefined;
        const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
        code = lines.map((l) => JSON.parse(l) as { phone: string; code: string }).filter((m) => m.phone.endsWith(phone)).at(-1)?.code;
        return code;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  return api('/api/sysAuth/phoneLogin', { phone, code });
};

type Card = { id: number; liked: boolean; isMine: boolean; likeCount: number; author: { id: number; nickName: string } };

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
  it('publishes through the edit page (censor names the word, picture upload), keeps a draft, deletes it; history, poster, shared link', async () => {
    const session = await loginByPassword();
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/pages/detail/post');
    await page.getByTestId('post-page').waitFor({ timeout: 60_000 });
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 120 } });
    await page.getByTestId('post-file').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: picture });
    await page.getByTestId('post-image').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('post-image-progress').count(), { timeout: 60_000 }).toBe(0);
    await page.getByTestId('post-title').fill('周末随笔');
    await page.getByTestId('post-content').fill('今天聊聊赌博的危害');
    await page.getByTestId('post-category-post').click();
    await page.getByTestId('post-publish').click();
    await expect.poll(() => page.getByTestId('post-error').textContent(), { timeout: 30_000 }).toContain('赌博');
    expect(currentRoute(page)).toBe('/pages/detail/post');

    await page.getByTestId('post-draft').click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/pages/me/draft');
    await page.getByTestId('article-card').filter({ hasText: '周末随笔' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('article-card').filter({ hasText: '周末随笔' }).getByTestId('draft-delete').click();
    await page.getByText('确定删除这篇草稿吗？删除后无法恢复。').waitFor({ timeout: 30_000 });
    await page.locator('.adm-dialog-button').filter({ hasText: '删除' }).click();
    await page.getByTestId('draft-empty').waitFor({ timeout: 30_000 });

    // A clean work, published from the page, opens on its detail page.
    await open(page, '/pages/detail/post');
    await page.getByTestId('post-page').waitFor({ timeout: 60_000 });
    await page.getByTestId('post-title').fill('周末随笔');
    await page.getByTestId('post-content').fill('今天去公园散步，**阳光**很好。');
    await page.getByTestId('post-publish').click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/pages/detail/article');
    await expect.poll(() => page.getByTestId('article-title').textContent(), { timeout: 30_000 }).toBe('周末随笔');
    const id = Number(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('id'));

    await open(page, '/pages/index/history');
    await page.getByTestId('history-item').filter({ hasText: '周末随笔' }).first().waitFor({ timeout: 30_000 });

    await open(page, `/pages/detail/banner?articleId=${id}`);
    await page.getByTestId('poster-image').waitFor({ timeout: 60_000 });
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByTestId('poster-save').click();
    expect((await download).suggestedFilename()).toBe(`poster-${id}.png`);
    await page.getByText('已保存到相册').waitFor({ timeout: 30_000 });
    await screenshot(page, 'plaza-poster');
    expect(errors).toEqual([]);
    await context.close();

    // The shared link opens for a visitor who is not logged in, with an invitation into the app.
    const visitor = await newPhonePage(browser);
    await open(visitor.page, `/pages/detail/forward?id=${id}`);
    await expect.poll(() => visitor.page.getByTestId('article-title').textContent(), { timeout: 60_000 }).toBe('周末随笔');
    await visitor.page.getByTestId('forward-invite').waitFor();
    expect(currentRoute(visitor.page)).toBe('/pages/detail/forward');
    await screenshot(visitor.page, 'plaza-forward');
    await visitor.context.close();
  });
  it('blocks an author from the article page: after the confirmation their works are gone from the plaza', async () => {
    const session = await newUser();
    const first = await api<{ items: Card[] }>('/api/sysArticle/page', { page: 1, pageSize: 20, categoryId: 1 });
    const victim = first.items[0]!;
    const { context, page } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/pages/plaza/index');
    await page.getByTestId('article-card').filter({ hasText: victim.author.nickName }).first().waitFor({ timeout: 60_000 });
    await open(page, `/pages/detail/article?id=${victim.id}`);
    await page.getByTestId('article-view').waitFor({ timeout: 60_000 });
    await page.getByTestId('article-more').click();
    await page.locator('.adm-action-sheet-button-item').filter({ hasText: '屏蔽作者' }).click();
    await page.getByText(`屏蔽后将不再看到“${victim.author.nickName}”的作品和评论`, { exact: false }).waitFor({ timeout: 30_000 });
    await page.locator('.adm-dialog-button').filter({ hasText: /^屏蔽$/ }).click();
    await expect.poll(() => currentRoute(page), { timeout: 30_000 }).toBe('/pages/plaza/index');
    await page.getByTestId('article-card').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('article-card').filter({ hasText: victim.author.nickName }).count(), { timeout: 30_000 }).toBe(0);
    await context.close();
  });
});
