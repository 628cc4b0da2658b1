import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PICTURE_MODERATION, type DrawTask } from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, createTestUser, tokenFor } from '../../test/tokens.js';
import { waitFor } from '../../test/wait.js';
import { users } from '../../platform/identity/identity.table.js';
import { files } from '../../platform/storage/file.table.js';
import { moderationModule, riskOf, type ModerationModule } from '../moderation/index.js';
import { drawingDepsFrom } from './drawing.module.js';
import { createDrawingService } from './drawing.service.js';
import type { ImageEngine } from './engines/image-engine.js';

const plaza = path.resolve(import.meta.dirname, '../../../static/plaza');
const cat = readFileSync(path.join(plaza, 'cat.png'));
const lake = readFileSync(path.join(plaza, 'mountain-lake.png'));

/**
 * Issue 35 point 3: every generated picture is scored before it is delivered, through the moderation module's
 * screen. The thresholds are set around the real score of a real picture (the plaza's cat photo, as the model
 * scores it): at the block threshold the task fails and its gold goes back; between review and block the work is
 * kept, flagged and private (the hall refuses it); a neutral picture passes at the defaults.
 */
describe('generated pictures are screened before delivery', () => {
  let app: TestApp;
  let moderation: ModerationModule;
  let admin: Record<string, string>;
  let risk: number;
  type User = Awaited<ReturnType<typeof createTestUser>>;
  let alice: User;

  // The engine draws the cat photo for a prompt about a cat, a mountain lake otherwise.
  const engine: ImageEngine = {
    name: 'fake',
    offline: false,
    maxPromptChars: 1000,
    timeoutMs: 120_000,
    usesRoleImages: false,
    draw: async ({ prompt }) => [prompt.includes('猫') ? cat : lake],
  };

  const setThresholds = async (review: number, block: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/console/app-config',
      headers: admin,
      payload: { values: { pictureModeration: { review, block } } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const detail = async (id: number, locale = 'zh-CN') =>
    json<DrawTask>(
      await app.inject({ method: 'GET', url: `/api/aiDraw/detail?id=${id}`, headers: { ...alice.auth, 'accept-language': locale } }),
    ).result;
  const draw = async (prompt: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/aiDraw/imagine', headers: alice.auth, payload: { prompt } });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = json<DrawTask>(res).result;
    await waitFor(async () => !['queued', 'running'].includes((await detail(id)).status), 120_000);
    return detail(id);
  };
  const gold = async () => (await app.platform.db.select({ gold: users.gold }).from(users).where(eq(users.id, alice.uid)))[0]!.gold;
  const publish = (id: number) =>
    app.inject({ method: 'POST', url: '/api/aiDraw/publish', headers: alice.auth, payload: { id, title: '作品' } });
  const drawingFiles = async () =>
    app.platform.db
      .select({ key: files.storageKey, moderation: files.moderation })
      .from(files)
      .where(and(eq(files.userId, alice.uid), eq(files.category, 'drawing')));

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 20 });
    await app.ready();
    moderation = moderationModule.create(app.platform, { dictionary: undefined as never });
    createDrawingService(
      drawingDepsFrom(app.platform, { engine, screenPicture: (tenantId, image) => moderation.screen(tenantId, image) }),
    ).registerJobs(app.platform.jobs);
    admin = bearer(await tokenFor(app, 'admin'));
    alice = await createTestUser(app);
    await app.platform.db.update(users).set({ gold: 1000 }).where(inArray(users.id, [alice.uid]));
    // The picture's own risk, as the same screen's model scores it.
    risk = riskOf(await moderation.classifier.classify(cat));
  }, 120_000);
  afterAll(async () => {
    await moderation?.classifier.close();
    await app?.close();
  });

  it('fails a drawing scored at the block threshold: nothing delivered or kept, gold back, told in the user’s language', async () => {
    await setThresholds(Math.max(0, risk - 0.001), Math.max(0, risk - 0.001));
    const before = await gold();
    const task = await draw('一只猫');
    expect(task.status).toBe('failed');
    expect(task.error).toBe('draw_picture_refused');
    expect(task.errorMessage).toBe('生成的图片未通过内容安全检查，未交付，金币已退回');
    expect((await detail(task.id, 'en')).errorMessage).toMatch(/did not pass our content safety check/);
    expect(task.images).toEqual([]);
    expect(await drawingFiles()).toEqual([]);
    expect(await gold()).toBe(before);
  }, 180_000);

  it('keeps a drawing between review and block flagged and private: the hall refuses it', async () => {
    await setThresholds(Math.max(0, risk - 0.001), Math.min(1, risk + 0.001));
    const task = await draw('一只猫');
    expect(task.status).toBe('succeeded');
    const stored = await drawingFiles();
    // The picture and its thumbnail, both flagged with the scores the operator will see.
    expect(stored).toHaveLength(2);
    for (const file of stored) expect(file.moderation).toMatchObject({ verdict: 'review', engine: 'nsfwjs' });
    const refused = await publish(task.id);
    expect(refused.statusCode).toBe(400);
    expect(json(refused).extras?.error).toBe('draw_picture_held');
    expect((await detail(task.id)).published).toBe(false);
  }, 180_000);

  it('delivers a neutral drawing at the default thresholds, unflagged, and it can go to the hall', async () => {
    await setThresholds(DEFAULT_PICTURE_MODERATION.review, DEFAULT_PICTURE_MODERATION.block);
    const task = await draw('山间的湖');
    expect(task.status).toBe('succeeded');
    const keys = (await drawingFiles()).filter((f) => f.moderation === null);
    expect(keys).toHaveLength(2);
    expect((await publish(task.id)).statusCode).toBe(200);
  }, 180_000);
});
