import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { AsrTask } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { createTestApp, json, type TestApp } from '../../../test/build-app.js';
import { bearer, tokenFor } from '../../../test/tokens.js';
import { multipart } from '../../../test/uploads.js';
import { files } from '../../../platform/storage/file.table.js';
import { createVoiceEngines } from '../engines.js';
import { toneMp3 } from '../test-audio.js';
import { voiceTasks } from '../voice.table.js';
import { createSherpaOnnxAsrEngine, modelConfigOf, segmentsOf } from './sherpa-onnx-asr.js';
import { tonesMp3, writeTinyCtcModel } from './tiny-ctc-model.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sherpa-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A model directory with these files (contents as given). */
const modelDir = async (name: string, contents: Record<string, string>) => {
  const dir = path.join(root, name);
  await mkdir(dir, { recursive: true });
  for (const [file, text] of Object.entries(contents)) await writeFile(path.join(dir, file), text);
  return dir;
};

describe('sherpa-onnx engine: chosen only with a model directory', () => {
  it('is not chosen without AI_ASR_MODEL_DIR: audio without a script still needs a provider', () => {
    const engines = createVoiceEngines(testConfig());
    expect(engines.asrFor(null)).toBeNull();
    expect(engines.transcribes).toBe(false);
  });

  it('is chosen by a model directory alone, and a configured provider wins over it', () => {
    const local = createVoiceEngines(testConfig({ AI_ASR_MODEL_DIR: '/srv/models/asr' }));
    expect(local.asrFor(null)).toMatchObject({ name: 'sherpa-onnx', offline: true });
    expect(local.transcribes).toBe(true);
    // With a script the built-in aligner still times it exactly.
    expect(local.asrFor('你好')?.name).toBe('align');
    const provider = createVoiceEngines(
      testConfig({
        AI_ASR_PROVIDER: 'openai',
        AI_ASR_BASE_URL: 'http://127.0.0.1:9/v1',
        AI_ASR_MODEL_DIR: '/srv/models/asr',
      }),
    );
    expect(provider.asrFor(null)?.name).toBe('openai');
  });

  it('reads the released model layouts and says what is missing', async () => {
    const transducer = await modelDir('zipformer-zh', {
      'tokens.txt': '',
      'encoder-epoch-99-avg-1.int8.onnx': '',
      'encoder-epoch-99-avg-1.onnx': '',
      'decoder-epoch-99-avg-1.onnx': '',
      'joiner-epoch-99-avg-1.onnx': '',
    });
    expect(await modelConfigOf(transducer)).toMatchObject({
      featConfig: { sampleRate: 16000, featureDim: 80 },
      modelConfig: {
        tokens: path.join(transducer, 'tokens.txt'),
        transducer: { encoder: path.join(transducer, 'encoder-epoch-99-avg-1.int8.onnx') },
      },
    });
    const senseVoice = await modelDir('sherpa-onnx-sense-voice-zh-en', {
      'tokens.txt': '',
      'model.int8.onnx': '',
    });
    expect(await modelConfigOf(senseVoice)).toMatchObject({
      modelConfig: { senseVoice: { model: path.join(senseVoice, 'model.int8.onnx') } },
    });
    const unnamed = await modelDir('my-model', { 'tokens.txt': '', 'model.onnx': '' });
    await expect(modelConfigOf(unnamed)).rejects.toThrow(/set AI_ASR_MODEL_TYPE/);
    expect(await modelConfigOf(unnamed, 'paraformer')).toMatchObject({
      modelConfig: { paraformer: { model: path.join(unnamed, 'model.onnx') } },
    });
    const noTokens = await modelDir('no-tokens', { 'model.onnx': '' });
    await expect(modelConfigOf(noTokens, 'paraformer')).rejects.toThrow(/has no tokens\.txt/);
    await expect(modelConfigOf(path.join(root, 'absent'))).rejects.toThrow(/cannot be read/);
  });

  it('refuses to work, with the reason, when the package is not installed for this platform', async () => {
    const dir = await modelDir('paraformer-zh', { 'tokens.txt': '', 'model.onnx': '' });
    const engine = createSherpaOnnxAsrEngine({
      modelDir: dir,
      timeoutMs: 1000,
      load: () => Promise.reject(new Error('the optional package sherpa-onnx-node is not installed')),
    });
    await expect(engine.check!()).rejects.toThrow(/sherpa-onnx-node is not installed/);
  });

  it('cuts token times into segments at clause punctuation and long pauses', () => {
    const ms = (s: { start: number; end: number; text: string }) => ({
      ...s,
      start: Math.round(s.start * 1000) / 1000,
      end: Math.round(s.end * 1000) / 1000,
    });
    expect(
      segmentsOf(
        {
          text: '春天来了，花开了今天',
          tokens: ['春', '天', '来', '了', '，', '花', '开', '了', '今', '天'],
          timestamps: [0.2, 0.4, 0.6, 0.8, 0.9, 1.2, 1.4, 1.6, 3.0, 3.2],
        },
        4,
      ).map(ms),
    ).toEqual([
      { start: 0.2, end: 1.2, text: '春天来了，' },
      { start: 1.2, end: 1.9, text: '花开了' },
      { start: 3.0, end: 4, text: '今天' },
    ]);
    expect(segmentsOf({ text: ' 你好 ' }, 2)).toEqual([{ start: 0, end: 2, text: '你好' }]);
    expect(segmentsOf({ text: '' }, 2)).toEqual([]);
  });
});

describe('audio to subtitles with a broken AI_ASR_MODEL_DIR', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Looks like a SenseVoice model, but the model file is not an ONNX model at all.
    const dir = await modelDir('sherpa-onnx-sense-voice-broken', {
      'tokens.txt': '<blk> 0\n',
      'model.onnx': 'junk',
    });
    app = await createTestApp({ AI_ASR_MODEL_DIR: dir });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a request without a script, naming no setting to the user, keeping nothing', async () => {
    const upload = multipart([{ field: 'file', name: 'a.mp3', type: 'audio/mpeg', data: await toneMp3(2) }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/audioToSrt/add',
      headers: { ...bearer(await tokenFor(app, 'demo')), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(503);
    const body = json(res);
    expect(body.extras?.error).toBe('asr_engine_unusable');
    // The user is told recognition is unavailable; the setting and the model's error go to the log only.
    expect(String(body.message)).toContain('语音识别暂时不可用');
    expect(res.body).not.toMatch(/AI_ASR_|Protobuf parsing failed|Load model/);
    expect(await app.platform.db.select().from(voiceTasks)).toEqual([]);
    expect(await app.platform.db.select().from(files).where(eq(files.category, 'asr'))).toEqual([]);
  });
});

describe('audio to subtitles on sherpa-onnx with a tiny model made here', () => {
  let app: TestApp;
  beforeAll(async () => {
    const dir = await writeTinyCtcModel(path.join(root, 'tiny-ctc'));
    app = await createTestApp({ AI_ASR_MODEL_DIR: dir, AI_ASR_MODEL_TYPE: 'tdnn', JOB_POLL_MS: 20 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('transcribes an upload without a script through the real runtime: timed segments and valid SRT', async () => {
    const demo = bearer(await tokenFor(app, 'demo'));
    const options = json<{ transcribes: boolean }>(
      await app.inject({ method: 'GET', url: '/api/textToSpeech/voices', headers: demo }),
    ).result;
    expect(options.transcribes).toBe(true);
    const audio = await tonesMp3(
      [
        { at: 0.3, pitch: 'low' },
        { at: 1.5, pitch: 'high' },
        { at: 2.7, pitch: 'low' },
      ],
      4,
    );
    const body = multipart([{ field: 'file', name: 'tones.mp3', type: 'audio/mpeg', data: audio }]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/audioToSrt/add',
      headers: { ...demo, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<AsrTask>(res).result).toMatchObject({ engine: 'sherpa-onnx', offline: true, text: null });
    let task: AsrTask | undefined;
    for (let i = 0; i < 400; i++) {
      task = json<{ items: AsrTask[] }>(
        await app.inject({ method: 'POST', url: '/api/audioToSrt/page', headers: demo, payload: {} }),
      ).result.items[0];
      if (task && !['queued', 'running'].includes(task.status)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(task).toMatchObject({ status: 'succeeded', engine: 'sherpa-onnx' });
    expect(task!.segments.map((s) => s.text)).toEqual(['低', '高', '低']);
    task!.segments.forEach((segment, i) => {
      expect(Math.abs(segment.start - [0.3, 1.5, 2.7][i]!)).toBeLessThan(0.15);
    });
    expect(task!.srt).toMatch(/^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\n低\n\n2\n00:00:01,\d{3} --> /);
  });
});
