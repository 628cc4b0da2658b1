import type { AsrTask } from '@app/contract';
import type { TestApp } from './build-app.js';
import { firstPage } from './lists.js';
import { formData } from './uploads.js';

/**
 * 音频转字幕 through its HTTP API, as the page does: an upload (the audio, with its script when there is one),
 * my list of subtitle tasks, and a wait until a task has finished.
 */
export const subtitlesApi = (app: TestApp, headers: Record<string, string>) => {
  const page = () => firstPage<AsrTask>(app, '/api/audioToSrt/page', headers);

  return {
    /** Uploads `audio` as an MP3 in a multipart form, after the script `text` if given; answers the response. */
    upload: async (audio: Buffer, { text, name = 'voice.mp3' }: { text?: string; name?: string } = {}) => {
      const body = await formData({
        ...(text === undefined ? {} : { text }),
        file: { name, type: 'audio/mpeg', data: audio },
      });
      return app.inject({
        method: 'POST',
        url: '/api/audioToSrt/add',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
    /** The first page of my subtitle tasks, newest first. */
    page,
    /** The task `id` once it has succeeded or failed (as last read when `ms` run out first). */
    finished: async (id: number, ms = 20_000): Promise<AsrTask | undefined> => {
      const until = Date.now() + ms;
      for (;;) {
        const task = (await page()).items.find((t) => t.id === id);
        if (task?.status === 'succeeded' || task?.status === 'failed' || Date.now() > until) return task;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
};
