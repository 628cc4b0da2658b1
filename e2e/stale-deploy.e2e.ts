import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, startBrowser } from './helpers';
import { renameEveryAsset, startOwnServer, type OwnServer } from './own-server';

/**
 * A deploy under an open page (issue 42): the server restarts with a new build, whose chunks have new names, while
 * a user's page still holds the old ones. The next page it opens cannot fetch its old chunk; the app fetches its
 * current code (one reload) and the page opens. The same for the operator console.
 */
describe('a new build deployed under an open page', () => {
  let browser: Browser;
  let server: OwnServer;
  beforeAll(async () => {
    [browser, server] = await Promise.all([startBrowser(), startOwnServer()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const redeployNewBuild = () =>
    server.redeploy((dists) => {
      for (const dist of dists) expect(renameEveryAsset(dist).size).toBeGreaterThan(10);
    });

  it('the next page the user opens still loads, from the new build', { timeout: 180_000 }, async () => {
    const { context, page } = await newPhonePage(browser);
    await page.goto(`${server.baseUrl}/#/pages/plaza/index`);
    await page.getByTestId('tab-bar').waitFor();
    await page.evaluate(() => Object.assign(window, { beforeDeploy: true }));

    await redeployNewBuild();
    await page.evaluate(() => {
      window.location.hash = '#/pages/user/service';
    });
    await page.getByTestId('doc-service').waitFor({ timeout: 30_000 });
    // The page came from the new build, in a reloaded document (the old one's module map held the old names).
    expect(await page.evaluate(() => 'beforeDeploy' in window)).toBe(false);
    const scripts = await page.evaluate(() => Array.from(document.scripts, (script) => script.src).filter(Boolean));
    expect(scripts.some((src) => /n2\.js$/.test(src))).toBe(true);
    await context.close();
  });

  it('the operator console opens its next page from the new build', { timeout: 180_000 }, async () => {
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await desk.newPage();
    await page.goto(`${server.baseUrl}/admin/`);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill(process.env.ADMIN_PASSWORD ?? 'admin123456');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByTestId('operator').waitFor({ timeout: 30_000 });
    await page.evaluate(() => Object.assign(window, { beforeDeploy: true }));

    await redeployNewBuild();
    await page.evaluate(() => {
      window.location.hash = '#/audit';
    });
    await page.getByPlaceholder('对象类型').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => 'beforeDeploy' in window)).toBe(false);
    expect(await page.getByTestId('page-load-failed').count()).toBe(0);
    await desk.close();
  });
});
