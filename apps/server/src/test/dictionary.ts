import type { TestApp } from './build-app.js';
import { bearer, tokenFor } from './tokens.js';

/** Adds dictionary items through the console API as the seeded admin; each must be accepted. */
export const addDictItems = async (app: TestApp, items: object[]) => {
  const admin = bearer(await tokenFor(app, 'admin'));
  for (const item of items) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysDictData/add',
      headers: admin,
      payload: item,
    });
    if (res.statusCode !== 200) throw new Error(`dictionary item refused: ${res.body}`);
  }
};

/**
 * A video template on a small canvas (180×320): renders stay quick on a shared machine, and the pipeline is
 * the same as at 1080×1920. No music and no inserts unless `data` names them.
 */
export const smallVideoTemplate = (value: string, data: Record<string, unknown> = {}) => ({
  name: 'video_template',
  label: '测试小模板',
  value,
  data: {
    cover: '/static/images/video-bg-talk-vertical.svg',
    width: 180,
    height: 320,
    fontSize: 14,
    fontColor: '#FFFFFF',
    subtitlePosition: 8,
    bgm: null,
    transition: 'fade',
    description: 'test',
    background: '#102030',
    ...data,
  },
});

/** A music track (`bgm-broken`) whose stored file is gone: a video made with it fails at composing. */
export const brokenMusic = {
  name: 'app_bgm',
  label: '坏音乐',
  value: 'bgm-broken',
  data: { mood: '坏', duration: 10, url: '/uploads/music/2026/01/missing.mp3', lavfi: '' },
};
