import { eq } from 'drizzle-orm';
import {
  DEFAULT_TENANT_ID,
  type ImMessagePageResult,
  type TtsTask,
  type AsrTask,
  type VideoTask,
} from '@app/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './test/build-app.js';
import { bearer, tokenFor } from './test/tokens.js';
import { freshIp } from './test/auth.js';
import { formData } from './test/uploads.js';
import { addDictItems, brokenMusic, smallVideoTemplate } from './test/dictionary.js';
import { waitFor } from './test/wait.js';
import { users } from './platform/identity/identity.table.js';
import { createPlatformJobRunner } from './platform/jobs/jobs.js';
import type { PlatformJobs } from './platform/jobs/recurring.js';
import { createGoldHolds } from './platform/wallet/holds.js';
import { createTaskNotices, taskNotice } from './platform/task-notices.js';
import { imMessages } from './modules/im-message/im-message.table.js';
import { createImMessageService } from './modules/im-message/im-message.service.js';
import { createImMessageRepositories } from './modules/im-message/im-message.repository.js';
import { drawingDepsFrom } from './modules/drawing/drawing.module.js';
import { createDrawingService } from './modules/drawing/drawing.service.js';
import { actorFor } from './platform/identity/actor.js';
import { DrawEngineError, type ImageEngine } from './modules/drawing/engines/image-engine.js';
import { png } from './modules/drawing/engines/protocol-peer.js';
import { createVoiceEngines, type VoiceEngines } from './modules/voice/engines.js';
import { registerVoiceJobs } from './modules/voice/voice.jobs.js';
import { createVoiceService } from './modules/voice/voice.service.js';
import { createVoiceRepositories } from './modules/voice/voice.repository.js';
import { SpeechProviderError } from './modules/voice/provider-errors.js';
import { createEspeakEngine } from './modules/voice/tts/espeak-engine.js';
import { synthesizeSpeech } from './modules/voice/tts/synthesize.js';
import { testVoice } from './modules/voice/test-audio.js';
import { videoModule } from './modules/video/index.js';
import { moduleJobsOn } from './test/module-jobs.js';
import { videoTasks } from './modules/video/video.table.js';

const SMALL = 'notice-small';

/**
 * Issue 27 point 3: a drawing, dubbing, subtitle or video task that succeeds or fails tells its owner in the
 * message centre, once, in the reader's language, linking to the task; a failure names the stage and the gold
 * given back. The tasks run on the real job runner with the real handlers; only the engines that must fail fail.
 */
describe('task notices', { timeout: 180_000 }, () => {
  let app: TestApp;
  let demo: Record<string, string>;
  let uid: number;
  const runners: PlatformJobs[] = [];

  beforeAll(async () => {
    app = await createTestApp({ JOBS_IN_API: false, JOB_POLL_MS: 20 });
    await app.ready();
    demo = bearer(await tokenFor(app, 'demo'));
    uid = (await app.platform.db.select({ id: users.id }).from(users).where(eq(users.account, 'demo')))[0]!
      .id;
    await addDictItems(app, [
      smallVideoTemplate(SMALL, { bgm: 'bgm-morning', titlePosition: 2, inserts: [] }),
      brokenMusic,
    ]);
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.close();
  });
  afterAll(async () => {
    await app?.close();
  });

  const runner = () => {
    const made = createPlatformJobRunner({ ...app.platform, log: app.log });
    runners.push(made);
    return made;
  };
  const noticesOf = (kind: string, taskId: number) =>
    app.platform.db
      .select()
      .from(imMessages)
      .where(eq(imMessages.onceKey, `task:${kind}:${taskId}`));
  /** The one notice of a task, once it came (and a moment later, still the only one). */
  const theNotice = async (kind: string, taskId: number) => {
    await waitFor(async () => (await noticesOf(kind, taskId)).length > 0, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rows = await noticesOf(kind, taskId);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.userId).toBe(uid);
    expect(row.type).toBe('job');
    expect(row.content).not.toBe(row.title);
    expect(row.content).not.toContain(row.title);
    expect(row.title + row.content).not.toMatch(/您/);
    return row;
  };
  /** The notice as the message centre answers it in a language. */
  const inLanguage = async (id: number, language: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sysIMMessage/page',
      headers: { ...demo, 'accept-language': language },
      payload: { page: 1, pageSize: 50 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<ImMessagePageResult>(res).result.items.find((m) => m.id === id)!;
  };

  const engine = (draw: ImageEngine['draw']): ImageEngine => ({
    name: 'fake',
    offline: false,
    maxPromptChars: 200,
    timeoutMs: 5000,
    usesRoleImages: false,
    draw,
  });

  it('a drawing that succeeds after a retry tells its owner once, linking to it, in the reader’s language', async () => {
    const jobs = runner();
    let calls = 0;
    const service = createDrawingService(
      drawingDepsFrom(app.platform, {
        jobs,
        engine: engine(async () => {
          calls += 1;
          if (calls === 1) throw new DrawEngineError('draw_network_error', true, 'ECONNRESET');
          return [await png(64, 64)];
        }),
      }),
    );
    service.registerJobs(jobs);
    jobs.register('ai_draw', (job, ctx) => service.runTask(job, ctx), { backoffMs: 20, timeoutMs: 5000 });
    await jobs.start();
    const task = await service.imagine(actorFor(DEFAULT_TENANT_ID, uid), {
      prompt: '夕阳下的城市',
      count: 1,
      style: 'none',
      ratio: '1:1',
    } as never);
    const notice = await theNotice('drawing', task.id);
    expect(calls).toBe(2);
    expect(notice.title).toBe('绘画完成');
    expect(notice.content).toContain('夕阳下的城市');
    expect(notice.link).toBe(`/draw/home/detail?id=${task.id}`);
    const en = await inLanguage(notice.id, 'en');
    expect(en.title).toBe('Your drawing is ready');
    expect(en.content).toContain('夕阳下的城市');
    expect(en.content).not.toMatch(/[绘画完成]/);
    expect((await inLanguage(notice.id, 'fr')).title).toBe('Votre dessin est prêt');
    expect((await inLanguage(notice.id, 'zh-TW')).title).toBe('繪畫完成');
  });

  it('a drawing that fails names the stage it stopped at and the gold given back', async () => {
    const jobs = runner();
    const service = createDrawingService(
      drawingDepsFrom(app.platform, {
        jobs,
        engine: engine(async (_request, options) => {
          await options.progress(30, 'generating');
          throw new DrawEngineError('draw_provider_refused', false, 'content policy');
        }),
      }),
    );
    service.registerJobs(jobs);
    jobs.register('ai_draw', (job, ctx) => service.runTask(job, ctx), { timeoutMs: 5000 });
    await jobs.start();
    const task = await service.imagine(actorFor(DEFAULT_TENANT_ID, uid), {
      prompt: '雨中的小猫',
      count: 1,
      style: 'none',
      ratio: '1:1',
    } as never);
    expect(task.cost).toBeGreaterThan(0);
    const notice = await theNotice('drawing', task.id);
    expect(notice.title).toBe('绘画失败');
    expect(notice.content).toBe(`「雨中的小猫」在绘画这一步出错了，${task.cost} 金币已退回你的账户`);
    expect(notice.data).toMatchObject({ stage: 'generating', goldReturned: task.cost });
    const en = await inLanguage(notice.id, 'en');
    expect(en.content).toContain(`${task.cost} gold`);
    expect(en.content).toContain('drawing step');
  });

  /** The voice handlers on a runner of this test, with engines that may be swapped for failing ones. */
  const voiceRunner = (engines: VoiceEngines) => {
    const jobs = runner();
    const store = createVoiceRepositories(app.platform.db);
    const service = createVoiceService({
      aigc: app.platform.aigc,
      store,
      db: app.platform.db,
      clock: app.platform.clock,
      jobs,
      storage: app.platform.storage,
      censor: app.platform.censor,
      engines,
      holds: createGoldHolds(app.platform.clock),
    });
    registerVoiceJobs({
      aigc: app.platform.aigc,
      store,
      db: app.platform.db,
      jobs,
      storage: app.platform.storage,
      engines,
      holds: createGoldHolds(app.platform.clock),
      service,
      notices: createTaskNotices(app.platform.notify, app.log),
    });
    return jobs;
  };
  const real = () => createVoiceEngines(app.platform.config);
  const addTts = async (text: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/textToSpeech/add',
      headers: demo,
      payload: { text, voice: 'espeak-cmn-f3', speed: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<TtsTask>(res).result;
  };

  it('a dubbing that succeeds, and one that fails (stage and gold named)', async () => {
    await voiceRunner(real()).start();
    const done = await addTts('今天天气很好。');
    const ok = await theNotice('dubbing', done.id);
    expect(ok.title).toBe('配音完成');
    expect(ok.content).toContain('今天天气很好');
    expect(ok.link).toBe(`/media/dub/list?id=${done.id}`);
    await runners.splice(0)[0]!.close();

    const engines = real();
    const broken: VoiceEngines = {
      ...engines,
      ttsFor: () => ({
        name: 'espeak-ng',
        offline: true,
        maxChars: 1000,
        synthesize: async () => {
          throw new SpeechProviderError('tts_provider_refused', true);
        },
      }),
    };
    await voiceRunner(broken).start();
    const failed = await addTts('明天会下雨。');
    expect(failed.cost).toBeGreaterThan(0);
    const notice = await theNotice('dubbing', failed.id);
    expect(notice.title).toBe('配音失败');
    expect(notice.content).toBe(`「明天会下雨。」在配音这一步出错了，${failed.cost} 金币已退回你的账户`);
    const es = await inLanguage(notice.id, 'es');
    expect(es.title).toBe('La locución falló');
    expect(es.content).toContain(`${failed.cost} monedas de oro`);
  });

  it('subtitles that succeed, and subtitles that fail (stage named, nothing was charged)', async () => {
    const spoken = await synthesizeSpeech(createEspeakEngine(), {
      text: '春天来了。',
      voice: testVoice(),
      speed: 100,
    });
    const addAsr = async () => {
      const body = await formData({
        text: '春天来了。',
        file: { name: 'voice.mp3', type: 'audio/mpeg', data: spoken.audio },
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/audioToSrt/add',
        headers: { ...demo, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<AsrTask>(res).result;
    };
    await voiceRunner(real()).start();
    const done = await addAsr();
    const ok = await theNotice('subtitles', done.id);
    expect(ok.title).toBe('字幕已生成');
    expect(ok.content).toContain('你上传的音频');
    expect(ok.link).toBe(`/media/dub/index?tab=srt&id=${done.id}`);
    await runners.splice(0)[0]!.close();

    const engines = real();
    const aligner = engines.asrFor('x')!;
    await voiceRunner({
      ...engines,
      asrFor: () => ({
        ...aligner,
        transcribe: async () => {
          throw new SpeechProviderError('asr_provider_refused', true);
        },
      }),
    }).start();
    const failed = await addAsr();
    const notice = await theNotice('subtitles', failed.id);
    expect(notice.title).toBe('字幕生成失败');
    expect(notice.content).toBe('「你上传的音频」在语音识别这一步出错了，没有扣除金币');
    expect((await inLanguage(notice.id, 'fr')).content).toContain('aucune pièce d’or');
  });

  it('a video that renders, and one that fails at composing (stage and gold named)', async () => {
    await moduleJobsOn(videoModule, app.platform, runner()).start();
    const add = async (body: object) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/articleToVideo/add',
        headers: demo,
        remoteAddress: freshIp(),
        payload: { templateId: SMALL, voice: 'espeak-cmn-f3', speed: 100, ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<VideoTask>(res).result;
    };
    const done = await add({
      title: '春游',
      text: '好。春天来了，湖边的柳树就显露出来了新绿。走吧！',
      bgmId: null,
    });
    const ok = await theNotice('video', done.id);
    // The video's subtitles come from the shared cue builder: 0.8–7 s each, never 就显 | 露出来了.
    const [row] = await app.platform.db
      .select({ cues: videoTasks.cues })
      .from(videoTasks)
      .where(eq(videoTasks.id, done.id));
    expect(row!.cues.length).toBeGreaterThan(0);
    for (const cue of row!.cues) {
      expect(cue.end - cue.start, cue.text).toBeGreaterThanOrEqual(0.8 - 1e-9);
      expect(cue.end - cue.start, cue.text).toBeLessThanOrEqual(7);
      expect(cue.text).not.toMatch(/就显$|^露出/);
    }
    expect(ok.title).toBe('视频已生成');
    expect(ok.content).toContain('春游');
    expect(ok.link).toBe(`/media/video/list?id=${done.id}`);

    const failed = await add({ title: '坏音乐', text: '音乐坏了。', bgmId: 'bgm-broken' });
    const notice = await theNotice('video', failed.id);
    expect(notice.title).toBe('视频生成失败');
    expect(notice.content).toBe(`「坏音乐」在合成这一步出错了，${failed.cost} 金币已退回你的账户`);
    expect(notice.data).toMatchObject({ stage: 'compose', goldReturned: failed.cost });
  });

  it('the same task’s notice sent by two processes at once is stored and pushed once', async () => {
    const outcome = { kind: 'video', taskId: 987654, name: '重复', succeeded: true } as const;
    const pushes: string[] = [];
    const hub = { sendToUser: async (_uid: number, event: string) => void pushes.push(event) };
    const processes = [1, 2, 3].map(() =>
      createImMessageService({
        store: createImMessageRepositories(app.platform.db),
        clock: app.platform.clock,
        hub: hub as never,
      }),
    );
    await Promise.all(processes.map((p) => p.notify(DEFAULT_TENANT_ID, uid, taskNotice(outcome))));
    expect(await noticesOf('video', 987654)).toHaveLength(1);
    expect(pushes.filter((event) => event === 'ReceiveMessage')).toHaveLength(1);
  });
});
