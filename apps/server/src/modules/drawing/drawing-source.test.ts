import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawComposition, DrawOptions, DrawRoleImage, DrawTask } from '@app/contract';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, tokenFor } from '../../test/tokens.js';
import { multipart } from '../../test/uploads.js';

/** Picture to picture on the offline engine: from one of my drawings or an upload, never from someone else's. */
describe('AI drawing from a picture (offline engine)', () => {
  let app: TestApp;
  let demo: string;
  let vip: string;

  const post = (url: string, payload: unknown, token: string, language = 'zh-Hans') =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'accept-language': language },
      payload: payload as object,
    });
  const finished = async (id: number, token: string): Promise<DrawTask> => {
    for (let i = 0; i < 400; i++) {
      const task = json<DrawTask>(
        await app.inject({ method: 'GET', url: `/api/aiDraw/detail?id=${id}`, headers: bearer(token) }),
      ).result;
      if (!['queued', 'running'].includes(task.status)) return task;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('task did not finish');
  };
  const draw = async (body: object, token = demo) => {
    const res = await post('/api/aiDraw/imagine', body, token);
    expect(res.statusCode, res.body).toBe(200);
    return finished(json<DrawTask>(res).result.id, token);
  };
  /** Mean colour of the picture's top band (where the sky is, or the source's own top). */
  const topOf = async (task: DrawTask) => {
    const file = await app.inject({ method: 'GET', url: task.images[0]!.url });
    const band = await sharp(file.rawPayload)
      .extract({ left: 0, top: 0, width: 400, height: 120 })
      .png()
      .toBuffer();
    return (await sharp(band).stats()).channels.slice(0, 3).map((c) => Math.round(c.mean));
  };

  beforeAll(async () => {
    app = await createTestApp({ JOB_POLL_MS: 20 });
    await app.ready();
    demo = await tokenFor(app, 'demo');
    vip = await tokenFor(app, 'demovip');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says the engine draws from a picture', async () => {
    const options = json<DrawOptions>(await app.inject({ method: 'GET', url: '/api/aiDraw/options' })).result;
    expect(options.sourceImage).toBe(true);
  });

  it('draws from one of my drawings: its colours and layout become the background', async () => {
    const night = await draw({ prompt: '夜晚的星空', ratio: '1:1', seed: 3 });
    expect(night.status).toBe('succeeded');
    const plain = await draw({ prompt: '一只猫', ratio: '1:1', seed: 9 });
    const fromNight = await draw({
      prompt: '一只猫',
      ratio: '1:1',
      seed: 9,
      source: { kind: 'drawing', id: night.id },
    });
    expect(fromNight.status).toBe('succeeded');
    // Without the source a daytime sky is light; drawn from the night picture, its top is the night's dark.
    const [r1, g1, b1] = await topOf(plain);
    const [r2, g2, b2] = await topOf(fromNight);
    expect(r1! + g1! + b1!).toBeGreaterThan(400);
    expect(r2! + g2! + b2!).toBeLessThan(250);
  });

  it("shows how the offline engine composed a task: the prompt's subjects as motifs, to its owner only", async () => {
    const task = await draw({ prompt: '江南水乡的清晨，小桥流水，乌篷船，水彩风格', ratio: '3:4', seed: 4 });
    const res = await app.inject({
      method: 'GET',
      url: `/api/aiDraw/composition?id=${task.id}`,
      headers: bearer(demo),
    });
    expect(res.statusCode).toBe(200);
    const composition = json<DrawComposition>(res).result;
    expect(composition.motifs).toEqual(expect.arrayContaining(['watertown', 'river', 'bridge', 'boat']));
    expect(composition.style).toBe('watercolor');
    expect(composition.svg).toContain('id="motif-bridge"');
    expect(composition.svg).not.toContain('<text');
    // The same composition, recomputed, as the picture was drawn.
    const again = json<DrawComposition>(
      await app.inject({
        method: 'GET',
        url: `/api/aiDraw/composition?id=${task.id}`,
        headers: bearer(demo),
      }),
    ).result;
    expect(again.svg).toBe(composition.svg);
    // Not published: nobody else sees it.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/aiDraw/composition?id=${task.id}`,
          headers: bearer(vip),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('draws from an uploaded picture', async () => {
    const body = multipart([
      {
        field: 'file',
        name: 'red.png',
        type: 'image/png',
        data: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c02020' } })
          .png()
          .toBuffer(),
      },
    ]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/aiDrawProject/uploadRoleImages',
      headers: { ...bearer(demo), ...body.headers },
      payload: body.payload,
    });
    const [image] = json<DrawRoleImage[]>(upload).result;
    const task = await draw({
      prompt: '一只猫',
      ratio: '1:1',
      seed: 9,
      source: { kind: 'upload', id: image!.id },
    });
    expect(task.status).toBe('succeeded');
    const [r, g, b] = await topOf(task);
    expect(r).toBeGreaterThan(g! + 60);
    expect(r).toBeGreaterThan(b! + 60);
  });

  it('a picture uploaded to draw from (purpose=source) draws, and is not listed among the role images', async () => {
    const listRoles = async () =>
      json<DrawRoleImage[]>(await app.inject({ method: 'GET', url: '/api/aiDrawProject/roleImages', headers: bearer(demo) })).result;
    const before = (await listRoles()).map((role) => role.id);
    const body = multipart([
      {
        field: 'file',
        name: 'blue.png',
        type: 'image/png',
        data: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#2020c0' } })
          .png()
          .toBuffer(),
      },
    ]);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/aiDrawProject/uploadRoleImages?purpose=source',
      headers: { ...bearer(demo), ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(200);
    const [image] = json<DrawRoleImage[]>(upload).result;
    expect((await listRoles()).map((role) => role.id)).toEqual(before);
    const task = await draw({ prompt: '一只猫', ratio: '1:1', seed: 9, source: { kind: 'upload', id: image!.id } });
    expect(task.status).toBe('succeeded');
    const [r, , b] = await topOf(task);
    expect(b).toBeGreaterThan(r! + 60);
    // A bad purpose changes nothing.
    const bad = await app.inject({
      method: 'POST',
      url: '/api/aiDrawProject/uploadRoleImages?purpose=avatar',
      headers: { ...bearer(demo), ...body.headers },
      payload: body.payload,
    });
    expect(bad.statusCode).toBe(400);
    expect((await listRoles()).map((role) => role.id)).toEqual(before);
  });

  it("refuses another user's drawing or upload, and a picture that is not there, in the caller's language", async () => {
    const theirs = await draw({ prompt: '海边的灯塔', ratio: '1:1' }, vip);
    for (const source of [
      { kind: 'drawing', id: theirs.id },
      { kind: 'drawing', id: theirs.id, index: 3 },
      { kind: 'upload', id: 999_999 },
    ]) {
      const res = await post('/api/aiDraw/imagine', { prompt: '一只猫', source }, demo, 'en');
      expect(res.statusCode).toBe(404);
      expect(json(res)).toMatchObject({
        message: 'The source picture does not exist or was deleted; please choose another.',
        extras: { error: 'draw_source_not_found' },
      });
    }
    const mine = await draw({ prompt: '海边的灯塔', ratio: '1:1' });
    const res = await post(
      '/api/aiDraw/imagine',
      { prompt: '一只猫', source: { kind: 'drawing', id: mine.id, index: 1 } },
      demo,
    );
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe('原图不存在或已删除，请重新选择');
  });
});

describe('AI drawing from a picture on an engine without it', () => {
  let app: TestApp;
  beforeAll(async () => {
    // midjourney-proxy takes no source picture here (never reached: the request is refused first).
    app = await createTestApp({ AI_IMAGE_PROVIDER: 'midjourney', AI_IMAGE_BASE_URL: 'http://127.0.0.1:9' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("hides the option and refuses a source, in the caller's language", async () => {
    const options = json<DrawOptions>(await app.inject({ method: 'GET', url: '/api/aiDraw/options' })).result;
    expect(options.sourceImage).toBe(false);
    const demo = await tokenFor(app, 'demo');
    const res = await app.inject({
      method: 'POST',
      url: '/api/aiDraw/imagine',
      headers: { ...bearer(demo), 'accept-language': 'fr' },
      payload: { prompt: 'un chat', source: { kind: 'drawing', id: 1 } },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      message: 'Ce moteur de dessin ne peut pas partir d’une image.',
      extras: { error: 'draw_source_unsupported' },
    });
  });
});
