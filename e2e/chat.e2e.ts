import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentRoute, loginByPassword, newPhonePage, open, screenshot, startBrowser, withSession } from './helpers';

/** The AI chat tab (streamed answer, offline label, stop) and a template run into the copy page. */
let browser: Browser;

beforeAll(async () => {
  browser = await startBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const LONG = 60_000;

describe('AI copywriting in Chromium at phone size', () => {
  it('asks a question, sees the answer stream with the offline label, then stops a long answer', async () => {
    const session = await loginByPassword('13800000000', 'demo123456');
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/pages/index/ai');
    await page.getByTestId('chat-page').waitFor({ timeout: LONG });
    await page.getByTestId('chat-welcome').waitFor({ timeout: LONG });
    await expect(page.getByTestId('chat-send').isDisabled()).resolves.toBe(true);

    await page.getByTestId('chat-input').fill('帮我写一条咖啡店开业的朋友圈文案');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-question').last().waitFor({ timeout: LONG });
    const answer = page.getByTestId('chat-answer').last();
    // Progressive: the text is seen growing while the answer is still streaming.
    await page.waitForFunction(
      () => {
        const el = [...document.querySelectorAll('[data-testid="chat-answer"]')].pop();
        return !!el && el.getAttribute('data-status') === 'streaming' && (el.textContent ?? '').length > 5;
      },
      undefined,
      { timeout: LONG },
    );
    const early = (await answer.textContent()) ?? '';
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid="chat-answer"]')].pop()?.getAttribute('data-status') === 'done',
      undefined,
      { timeout: LONG },
    );
    const full = (await answer.textContent()) ?? '';
    expect(full.length).toBeGreaterThan(early.length);
    await answer.getByTestId('offline-badge').waitFor({ timeout: LONG });
    await answer.getByTestId('answer-copy').waitFor();
    await answer.getByTestId('answer-regenerate').waitFor();
    await page.getByTestId('chat-quota').waitFor({ timeout: LONG });
    await screenshot(page, 'chat-answer');

    // A long answer, stopped while it streams.
    await page.getByTestId('chat-input').fill('请写一篇 2000 字的小红书长文，介绍秋天去杭州旅行的完整攻略，分十个部分详细展开');
    await page.getByTestId('chat-send').click();
    const stop = page.getByTestId('chat-stop');
    await stop.waitFor({ timeout: LONG });
    await page.waitForFunction(
      () => {
        const el = [...document.querySelectorAll('[data-testid="chat-answer"]')].pop();
        return !!el && el.getAttribute('data-status') === 'streaming' && (el.textContent ?? '').length > 10;
      },
      undefined,
      { timeout: LONG },
    );
    await stop.click();
    const stopped = page.getByTestId('chat-answer').last();
    await stopped.getByTestId('answer-stopped').waitFor({ timeout: LONG });
    await expect(stopped.getAttribute('data-status')).resolves.toBe('stopped');
    await page.getByTestId('chat-stop').waitFor({ state: 'detached', timeout: LONG });
    await page.getByTestId('chat-send').waitFor();
    expect(((await stopped.textContent()) ?? '').length).toBeGreaterThan(10);
    await screenshot(page, 'chat-stopped');

    // Coming back: the conversation is there again from the robot history, stopped answer still marked.
    await page.reload();
    await page.getByTestId('chat-question').nth(1).waitFor({ timeout: LONG });
    await page.locator('[data-testid="chat-answer"][data-status="stopped"]').first().waitFor({ timeout: LONG });
    await page.getByTestId('offline-badge').first().waitFor({ timeout: LONG });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('opens a template, fills it, generates and lands on the copy page with text', async () => {
    const session = await loginByPassword('13800000000', 'demo123456');
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/pages/index/temps/index');
    await page.getByTestId('temps-item').first().waitFor({ timeout: LONG });
    await page.getByTestId('temps-item').first().click();
    await page.getByTestId('temps-detail').waitFor({ timeout: LONG });
    await page.getByTestId('temps-use').click();
    await page.getByTestId('create-page').waitFor({ timeout: LONG });

    // Required fields are checked before anything is sent.
    await page.getByTestId('create-generate').click();
    await page.getByRole('alert').first().waitFor({ timeout: LONG });
    expect(currentRoute(page)).toBe('/pages/index/create/index');

    const fields = page.locator('[data-testid^="field-"]');
    const count = await fields.count();
    for (let i = 0; i < count; i++) {
      const field = fields.nth(i);
      const tag = await field.evaluate((el) => el.tagName);
      if (tag === 'SELECT') {
        const value = await field.evaluate((el) => (el as HTMLSelectElement).options[1]?.value ?? '');
        await field.selectOption(value);
      } else await field.fill('秋日限定桂花拿铁');
    }
    await page.getByTestId('create-generate').click();
    await page.waitForFunction(() => location.hash.startsWith('#/pages/detail/copy?messageId='), undefined, { timeout: LONG });
    await page.getByTestId('copy-page').waitFor({ timeout: LONG });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="copy-page"]')?.getAttribute('data-status') === 'done',
      undefined,
      { timeout: LONG },
    );
    const text = (await page.getByTestId('copy-text').textContent()) ?? '';
    expect(text.length).toBeGreaterThan(20);
    await page.getByTestId('offline-badge').waitFor();
    await page.getByTestId('copy-publish').waitFor();
    await page.getByTestId('copy-dub').waitFor();

    // Edit and save.
    await page.getByTestId('copy-edit').click();
    await page.getByTestId('copy-editor').fill(`${text}\n（已修改）`);
    await page.getByTestId('copy-save').click();
    await page.getByText('保存成功').first().waitFor({ timeout: LONG });
    await screenshot(page, 'chat-copy-page');

    // The dub button hands the saved copy over by its id: the dubbing page's text box holds it.
    await page.getByTestId('copy-dub').click();
    await page.waitForFunction(() => location.hash.startsWith('#/media/dub/index?messageId='), undefined, { timeout: LONG });
    await expect
      .poll(() => page.getByTestId('dub-text').inputValue(), { timeout: LONG })
      .toBe(`${text}\n（已修改）`);
    expect(errors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('a member asks without limit and older history loads on scroll-up, ten messages a page', async () => {
    const session = await loginByPassword('13800000001', 'demo123456');
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);
    await open(page, '/pages/index/ai');
    await page.getByTestId('chat-quota').waitFor({ timeout: LONG });
    for (let i = 1; i <= 6; i++) {
      await page.getByTestId('chat-input').fill(`第 ${i} 个问题：给奶茶店写一句口号`);
      await page.getByTestId('chat-send').click();
      await page.locator('[data-testid="chat-answer"]').nth(i - 1).waitFor({ timeout: LONG });
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="chat-answer"][data-status="done"]').length >= n,
        i,
        { timeout: LONG },
      );
    }
    await page.reload();
    await page.getByTestId('chat-question').first().waitFor({ timeout: LONG });
    // The newest page: 10 messages = 5 questions and their answers.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-question"]').length === 5, undefined, { timeout: LONG });
    await page.getByTestId('chat-list').evaluate((el) => el.scrollTo({ top: 0 }));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chat-question"]').length === 6, undefined, { timeout: LONG });
    await expect(page.getByTestId('chat-question').first().textContent()).resolves.toContain('第 1 个问题');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
