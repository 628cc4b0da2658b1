import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  currentRoute,
  loginByPassword,
  newPhonePage,
  open,
  outboxCode,
  screenshot,
  startBrowser,
  withSession,
} from './helpers';

/**
 * Review before publishing (先审后发, issue 35) in Chromium: a new account's post waits for review (its author sees
 * 审核中, nobody else sees it); the operator approves it in the console's 内容审核 queue, reading the picture's
 * scores and the text read in it; the author gets the notice and the plaza shows the work. A second post is
 * refused, and its author reads 未通过 with the operator's reason.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LONG = { timeout: 30_000 };
// Publishing scores the post's pictures first (the classifier and the OCR load on first use).
const SCORING = { timeout: 60_000 };
const PHONE = '13955550035';

/** A poster with large dark words on a light ground: the OCR reads them. */
const poster = (words: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="480"><rect width="720" height="480" fill="#f5efe0"/>` +
        `<text x="360" y="270" font-family="WenQuanYi Micro Hei" font-size="110" fill="#202020" text-anchor="middle">${words}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

const smsLogin = async (page: Page, phone: string) => {
  await open(page, '/pages/user/login');
  await page.getByTestId('login-page').waitFor(LONG);
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('send-code').click();
  let code: string | undefined;
  await expect.poll(() => (code = outboxCode(phone))).toMatch(/^\d{6}$/);
  await page.getByTestId('code-input').fill(code!);
  await page.getByTestId('agreement-input').check();
  await page.getByTestId('submit').click();
  await expect.poll(() => currentRoute(page), LONG).toBe('/pages/index/index');
};

/** Posts a work from the editor (title, text, one picture); answers its id from the detail page it lands on. */
const post = async (page: Page, title: string, picture?: Buffer): Promise<number> => {
  await open(page, '/pages/detail/post');
  await page.getByTestId('post-page').waitFor(LONG);
  await page.getByTestId('post-title').fill(title);
  await page.getByTestId('post-content').fill(`${title}，记录一下。`);
  if (picture) {
    await page.getByTestId('post-file').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: picture });
    await page.getByTestId('post-image').waitFor(LONG);
    await expect.poll(() => page.getByTestId('post-image-progress').count(), SCORING).toBe(0);
  }
  await page.getByTestId('post-publish').click();
  // The toast says it went to review, not that it is published.
  await page.getByText('已提交审核，通过后将在广场展示').waitFor(SCORING);
  await expect.poll(() => currentRoute(page), LONG).toBe('/pages/detail/article');
  return Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
};

/** The console's 内容审核 queue, loaded afresh: opens the work `title`'s drawer. */
const openInQueue = async (desk: Page, title: string) => {
  await desk.goto(`${baseUrl()}/admin/#/queues/contentReview`);
  await desk.reload();
  await desk.getByRole('cell', { name: title }).click(LONG);
  return desk.getByRole('dialog');
};

/**
 * The plaza's 动态 tab (where a post goes by default) as a reader coming back later sees it (the page loaded
 * again): whether `title` is listed.
 */
const plazaShows = async (page: Page, title: string) => {
  await open(page, '/pages/plaza/index?category=3');
  await page.reload();
  await page.getByTestId('article-card').first().waitFor(LONG);
  return (await page.getByTestId('article-card').filter({ hasText: title }).count()) > 0;
};

describe('review before publishing in Chromium', () => {
  it('holds a new account’s post for review, the operator approves it, and the plaza shows it', async () => {
    // A new account (no seeded demo) posts a work with a picture.
    const author = await newPhonePage(browser);
    await smsLogin(author.page, PHONE);
    const title = '春日花市随拍';
    const id = await post(author.page, title, await poster('春日花市'));
    await author.page.getByTestId('article-review-status').waitFor(LONG);
    expect(await author.page.getByTestId('article-review-status').textContent()).toContain('审核中');
    await screenshot(author.page, 'review-pending-author');

    // Someone else: not on the plaza, and its page does not exist for them.
    const reader = await newPhonePage(browser);
    await withSession(reader.context, await loginByPassword());
    expect(await plazaShows(reader.page, title)).toBe(false);
    await open(reader.page, `/pages/detail/article?id=${id}`);
    await reader.page.getByTestId('article-missing').waitFor(LONG);

    // The operator at a desk: the queue shows why it waits, the picture's scores and the words read in it.
    const deskContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const desk = await deskContext.newPage();
    const deskErrors: Error[] = [];
    desk.on('pageerror', (error) => deskErrors.push(error));
    await desk.goto(`${baseUrl()}/admin/`);
    await desk.getByLabel('账号').fill('admin');
    await desk.getByLabel('密码').fill(process.env.ADMIN_PASSWORD ?? 'admin123456');
    await desk.getByRole('button', { name: /登\s*录/ }).click();
    await desk.getByTestId('operator').waitFor({ timeout: 60_000 });
    const drawer = await openInQueue(desk, title);
    await drawer.getByText('新账号').first().waitFor(LONG);
    await drawer.getByTestId('review-picture').waitFor(LONG);
    expect(await drawer.getByTestId('review-picture').textContent()).toMatch(/通过.*\d+%/);
    expect(await drawer.getByTestId('review-ocr').textContent()).toMatch(/春日|花市/);
    await desk.waitForTimeout(500); // the drawer's slide-in, for the screenshot
    await screenshot(desk, 'review-console-queue');
    await drawer.getByRole('button', { name: /通\s*过/ }).click();
    await desk.getByText('操作成功').first().waitFor(LONG);

    // The author is told, and the work is theirs in public now; the reader finds it on the plaza.
    await open(author.page, '/pages/index/notify/index');
    const notice = author.page.getByTestId('notify-item').filter({ hasText: '作品审核通过' });
    await notice.waitFor(LONG);
    expect(await notice.textContent()).toContain(`你的作品「${title}」已通过审核`);
    await screenshot(author.page, 'review-approved-notice');
    // The notice opens the work, published now.
    await notice.click();
    await expect.poll(() => author.page.url(), LONG).toContain(`/pages/detail/article?id=${id}`);
    await author.page.getByTestId('article-title').waitFor(LONG);
    await expect.poll(() => author.page.getByTestId('article-review-status').count(), LONG).toBe(0);
    expect(await plazaShows(reader.page, title)).toBe(true);
    await reader.page.getByTestId('article-card').filter({ hasText: title }).locator('a').first().click();
    await expect.poll(() => reader.page.getByTestId('article-title').textContent(), LONG).toBe(title);
    await screenshot(reader.page, 'review-approved-plaza');

    // A second post is refused with a reason: its author reads 未通过 and why; the plaza never shows it.
    const refused = '周末野餐计划';
    const refusedId = await post(author.page, refused);
    const second = await openInQueue(desk, refused);
    await second.getByRole('button', { name: /驳\s*回/ }).click();
    await desk.getByTestId('reason-input').fill('含引流信息，请修改后重新发布');
    await desk.getByRole('button', { name: /确\s*定/ }).click();
    await desk.getByText('操作成功').first().waitFor(LONG);
    await open(author.page, '/pages/index/notify/index');
    await author.page.getByTestId('notify-item').filter({ hasText: '作品审核未通过' }).click(LONG);
    await expect.poll(() => author.page.url(), LONG).toContain(`/pages/detail/article?id=${refusedId}`);
    await expect
      .poll(() => author.page.getByTestId('article-review-status').textContent(), LONG)
      .toBe('未通过审核：含引流信息，请修改后重新发布');
    await screenshot(author.page, 'review-rejected-author');
    expect(await plazaShows(reader.page, refused)).toBe(false);

    expect([...author.errors, ...reader.errors, ...deskErrors]).toEqual([]);
    await Promise.all([author.context.close(), reader.context.close(), deskContext.close()]);
  }, 120_000);
});
