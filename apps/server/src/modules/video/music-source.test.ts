import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { bearer, guestToken, tokenFor } from '../../test/tokens.js';
import { dictData } from '../../schema.js';
import { muxVideo } from './pipeline/compose.js';
import { ffmpeg } from './pipeline/ffmpeg.js';
import { musicInputArgs, MusicSourceRefused } from './pipeline/sources.js';

/**
 * Music (app_bgm) is a stored audio file or a synth of the allow-list: a hostile item is refused when saved,
 * and one written into the database around that check is never given to ffmpeg (a local HTTP server records
 * whether ffmpeg fetched it; a local file's tone would be heard in the preview).
 */
describe('background music sources', { timeout: 60_000 }, () => {
  let app: TestApp;
  let admin: Record<string, string>;
  let guest: Record<string, string>;
  let server: Server;
  let fetched: string[] = [];
  let base = '';
  const dir = mkdtempSync(path.join(tmpdir(), 'bgm-source-'));
  /** A local audio file ffmpeg could read (a 1234 Hz tone), named by the hostile items. */
  const secret = path.join(dir, 'secret.mp3');

  beforeAll(async () => {
    server = createServer((req, res) => {
      fetched.push(req.url ?? '');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1\\:${(server.address() as AddressInfo).port}`;
    const made = spawnSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=1234:d=2', secret],
    ]);
    expect(made.status).toBe(0);
    app = await createTestApp();
    admin = bearer(await tokenFor(app, 'admin'));
    guest = bearer(await guestToken(app));
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const hostile = () => [
    `amovie='http\\://${base}/x.mp3'`,
    `amovie=http\\://${base}/x.mp3`,
    `amovie=${secret}`,
    `sine=f=440:d=5,amovie=${secret}`,
    `sine=f=440:d=5;amovie=http\\://${base}/y.mp3`,
    `aevalsrc='sin(t)':d=5[a];amovie=${secret}`,
  ];

  /** What ffmpeg itself does with such a source (proof the recorder would see a fetch). */
  it('control: ffmpeg given the raw item fetches the URL', async () => {
    fetched = [];
    // Asynchronously: the recording server answers from this process.
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `amovie='http\\://${base}/control.mp3'`,
      '-t',
      '1',
      '-f',
      'null',
      '-',
    ]).catch(() => undefined);
    expect(fetched).toContain('/control.mp3');
    // And it plays a local file named by the item.
    await expect(
      ffmpeg(['-f', 'lavfi', '-i', `amovie=${secret}`, '-t', '1', '-f', 'null', '-']),
    ).resolves.toBeDefined();
  });

  it("refuses a hostile item when an operator saves it, in the operator's language", async () => {
    for (const lavfi of hostile()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysDictData/add',
        headers: { ...admin, 'accept-language': 'en' },
        payload: {
          name: 'app_bgm',
          label: 'x',
          value: `evil-${fetched.length}`,
          data: { mood: 'x', duration: 5, url: null, lavfi },
        },
      });
      expect(res.statusCode, lavfi).toBe(400);
      const body = json(res);
      expect(body.extras?.error).toBe('dict_bgm_source_invalid');
      expect(body.message).toContain('Music must be an audio file stored on this site');
    }
    for (const url of [`http://${base.replace('\\', '')}/x.mp3`, secret, '/uploads/a.m3u8']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysDictData/add',
        headers: { ...admin, 'accept-language': 'fr' },
        payload: {
          name: 'app_bgm',
          label: 'x',
          value: 'evil-url',
          data: { mood: 'x', duration: 5, url, lavfi: '' },
        },
      });
      expect(res.statusCode, url).toBe(400);
      expect(json(res).message).toContain('La musique doit être un fichier audio');
    }
    // Editing a seeded track into a hostile one is refused the same way.
    const page = json<{ items: { id: number; value: string }[] }>(
      await app.inject({
        method: 'POST',
        url: '/api/sysDictData/page',
        headers: admin,
        payload: { name: 'app_bgm', pageSize: 50 },
      }),
    ).result;
    const morning = page.items.find((i) => i.value === 'bgm-morning')!;
    const edit = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/update',
      headers: admin,
      payload: { id: morning.id, data: { mood: 'x', duration: 5, url: null, lavfi: `amovie=${secret}` } },
    });
    expect(edit.statusCode).toBe(400);
    expect(json(edit).extras?.error).toBe('dict_bgm_source_invalid');
    expect(json(edit).message).toContain('背景音乐只能是本站存储的音频文件');
    // A synth of the allow-list and a stored file are taken.
    for (const [value, data] of [
      ['ok-sine', { mood: 'x', duration: 5, url: null, lavfi: 'sine=f=330:d=5' }],
      ['ok-file', { mood: 'x', duration: 5, url: '/uploads/music/2026/01/a.mp3', lavfi: '' }],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysDictData/add',
        headers: admin,
        payload: { name: 'app_bgm', label: value, value, data },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('never runs a hostile item written straight into the database: no fetch, no local file read', async () => {
    fetched = [];
    const items = hostile();
    await app.platform.db.insert(dictData).values(
      items.map((lavfi, i) => ({
        tenantId: 1,
        dictName: 'app_bgm',
        label: `evil ${i}`,
        value: `evil-db-${i}`,
        data: { mood: 'x', duration: 5, url: null, lavfi },
      })),
    );
    for (const [i] of items.entries()) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/articleToVideo/bgmPreview?id=evil-db-${i}`,
        headers: guest,
      });
      expect(res.statusCode, items[i]).toBe(404);
      expect(res.headers['content-type']).not.toContain('audio');
    }
    // Nor is it offered to anyone choosing music.
    const options = json<{ bgms: { value: string }[] }>(
      await app.inject({ method: 'GET', url: '/api/articleToVideo/videoTemplate', headers: guest }),
    ).result;
    expect(options.bgms.some((b) => b.value.startsWith('evil'))).toBe(false);
    expect(fetched).toEqual([]);
    // A track of the allow-list still previews through real ffmpeg.
    const ok = await app.inject({
      method: 'GET',
      url: '/api/articleToVideo/bgmPreview?id=ok-sine',
      headers: guest,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('audio/mpeg');
    expect(ok.rawPayload.length).toBeGreaterThan(10_000);
  });

  it('the render refuses a hostile source right before ffmpeg, whatever the job payload says', async () => {
    fetched = [];
    for (const lavfi of hostile()) {
      expect(() => musicInputArgs({ lavfi }, { seconds: 3 }), lavfi).toThrow(MusicSourceRefused);
      await expect(
        muxVideo({
          scenes: [path.join(dir, 'none.h264')],
          voicePcm: path.join(dir, 'none.pcm'),
          seconds: 1,
          music: { lavfi },
          out: path.join(dir, 'out.mp4'),
        }),
      ).rejects.toBeInstanceOf(MusicSourceRefused);
    }
    expect(() => musicInputArgs({}, { seconds: 3 })).toThrow(MusicSourceRefused);
    expect(fetched).toEqual([]);
    // What runs is written back from the parsed synth, its length set by the render.
    expect(musicInputArgs({ lavfi: 'sine=frequency=330:d=5' }, { seconds: 12 })).toEqual([
      '-f',
      'lavfi',
      '-i',
      'sine=f=330:b=0:r=44100:d=12',
    ]);
    // A music file is read as audio from local disk only (a playlist in disguise cannot fetch anything).
    expect(musicInputArgs({ file: secret }, { seconds: 3 })).toEqual(
      expect.arrayContaining(['-protocol_whitelist', 'file', '-format_whitelist']),
    );
  });
});
