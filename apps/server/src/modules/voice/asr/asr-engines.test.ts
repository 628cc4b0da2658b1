import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { buildSrt, toCueSegments } from '../text/srt.js';
import { testVoice, toneMp3 } from '../test-audio.js';
import { createEspeakEngine } from '../tts/espeak-engine.js';
import { synthesizeSpeech } from '../tts/synthesize.js';
import { alignScript, createAlignEngine } from './align-engine.js';
import { sphinxAlign } from './sphinx-align.js';
import { splitIntoCues } from '../text/cues.js';
import { createFunAsrEngine, funAsrSegments } from './funasr-asr.js';
import { createOpenAiAsrEngine } from './openai-asr.js';
import { createParaformerAsrEngine } from './paraformer-asr.js';

const SRT_CUE = /^\d+\n\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}\n.+\n$/;
const expectValidSrt = (srt: string) => {
  const cues = srt.split('\n\n').map((c) => (c.endsWith('\n') ? c : `${c}\n`));
  expect(cues.length).toBeGreaterThan(0);
  let lastEnd = -1;
  cues.forEach((cue, i) => {
    expect(cue).toMatch(SRT_CUE);
    expect(cue.startsWith(`${i + 1}\n`)).toBe(true);
    const [start, end] = [...cue.matchAll(/(\d{2}):(\d{2}):(\d{2}),(\d{3})/g)].map(
      (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000,
    );
    expect(end!).toBeGreaterThan(start!);
    expect(start!).toBeGreaterThanOrEqual(lastEnd);
    lastEnd = end!;
    const text = cue.split('\n')[2]!;
    expect([...text].filter((c) => /[\u4e00-\u9fff]/.test(c)).length).toBeLessThanOrEqual(16);
  });
};

const peers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((close) => close()));
});

describe('offline alignment of a known script', () => {
  it.each([
    ['pocketsphinx forced alignment', true],
    ['pauses (silencedetect)', false],
  ])(
    'round trip by %s: offline speech of a text, aligned back, starts within 0.3 s of the spoken sentences',
    async (_name, sphinx) => {
      const script =
        '春天来了，公园里的花都开了。小朋友们在草地上放风筝，笑声传得很远。傍晚的时候，大家一起回家吃饭。明天我们还要再来！';
      const spoken = await synthesizeSpeech(createEspeakEngine(), {
        text: script,
        voice: testVoice({ voice: 'cmn+m3', gender: 'male', speed: 165 }),
        speed: 100,
      });
      // The pocketsphinx case must time by the decoder itself, not by falling back to the pauses.
      if (sphinx) expect(await sphinxAlign(spoken.audio, splitIntoCues(script))).not.toBeNull();
      const segments = await createAlignEngine({ sphinx }).transcribe({
        audio: spoken.audio,
        mime: 'audio/mpeg',
        duration: spoken.duration,
        script,
        publicUrl: null,
      });
      expect(segments.map((s) => s.text)).toEqual(spoken.cues.map((c) => c.text));
      for (const sentence of spoken.sentences) {
        const cue = segments.find((s) => sentence.text.startsWith(s.text));
        expect(cue, sentence.text).toBeDefined();
        expect(Math.abs(cue!.start - sentence.start), sentence.text).toBeLessThan(0.3);
      }
      expectValidSrt(buildSrt(segments));
    },
  );

  it('places boundaries in the pauses nearest to where the speaking rate puts them', () => {
    // Three equal cues over 9.5 s of speech with pauses near 3.5 s and 6.8 s, and a short breath at 2 s.
    const segments = alignScript(
      '一二三四五六七八九十，一二三四五六七八九十，一二三四五六七八九十。',
      [
        { start: 0, end: 0.5 },
        { start: 1.9, end: 2.0 },
        { start: 3.4, end: 3.8 },
        { start: 6.6, end: 7.0 },
        { start: 10, end: 10.4 },
      ],
      10.4,
    );
    expect(segments).toEqual([
      { start: 0.5, end: 3.4, text: '一二三四五六七八九十' },
      { start: 3.8, end: 6.6, text: '一二三四五六七八九十' },
      { start: 7, end: 10, text: '一二三四五六七八九十' },
    ]);
  });
});

describe('transcription providers against local peers', () => {
  let tone: Buffer;
  beforeAll(async () => {
    tone = await toneMp3(2);
  });

  it('OpenAI-compatible /audio/transcriptions with verbose_json: segments become valid SRT', async () => {
    const requests: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push({
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('latin1'),
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            task: 'transcribe',
            language: 'chinese',
            duration: 9.5,
            text: '今天天气很好，我们去公园散步，然后一起吃午饭。下午回家。',
            segments: [
              { id: 0, start: 0.2, end: 6.1, text: '今天天气很好，我们去公园散步，然后一起吃午饭。' },
              { id: 1, start: 6.5, end: 9.4, text: '下午回家。' },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    peers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const engine = createOpenAiAsrEngine({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      apiKey: 'sk-asr',
      timeoutMs: 5000,
    });
    const segments = await engine.transcribe({
      audio: tone,
      mime: 'audio/mpeg',
      duration: 2,
      script: null,
      publicUrl: null,
    });
    const request = requests[0]!;
    expect(request.url).toBe('/v1/audio/transcriptions');
    expect(request.headers.authorization).toBe('Bearer sk-asr');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body).toMatch(/name="response_format"\r\n\r\nverbose_json/);
    expect(request.body).toMatch(/name="model"\r\n\r\nwhisper-1/);
    expect(request.body).toMatch(/name="file"; filename="audio.mp3"/);
    const cues = toCueSegments(segments);
    expect(cues.map((c) => c.text)).toEqual(['今天天气很好，我们去公园散步', '然后一起吃午饭', '下午回家']);
    expectValidSrt(buildSrt(cues));
  });

  it('FunASR WebSocket (offline mode): JSON start, 16 kHz PCM frames, end marker; timed sentences back', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    peers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const seen: { start?: Record<string, unknown>; bytes: number; end?: Record<string, unknown> } = {
      bytes: 0,
    };
    server.on('connection', (socket) => {
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          seen.bytes += (data as Buffer).length;
          return;
        }
        const message = JSON.parse(data.toString()) as Record<string, unknown>;
        if (!seen.start) seen.start = message;
        else {
          seen.end = message;
          socket.send(
            JSON.stringify({
              mode: 'offline',
              wav_name: 'audio',
              is_final: true,
              text: '你好世界。再见。',
              timestamp: '[[100,300],[300,500],[500,700],[700,900],[1200,1400],[1400,1600]]',
              stamp_sents: [
                { text_seg: '你 好 世 界', punc: '。', start: 100, end: 900 },
                { text_seg: '再 见', punc: '。', start: 1200, end: 1600 },
              ],
            }),
          );
        }
      });
    });
    await new Promise((resolve) => server.on('listening', resolve));
    const engine = createFunAsrEngine({
      url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
      timeoutMs: 5000,
    });
    const segments = await engine.transcribe({
      audio: tone,
      mime: 'audio/mpeg',
      duration: 2,
      script: null,
      publicUrl: null,
    });
    expect(seen.start).toMatchObject({
      mode: 'offline',
      wav_format: 'pcm',
      audio_fs: 16000,
      is_speaking: true,
    });
    expect(seen.end).toEqual({ is_speaking: false });
    // Two seconds of 16-bit mono at 16 kHz.
    expect(Math.abs(seen.bytes - 64000)).toBeLessThan(3200);
    expect(segments).toEqual([
      { start: 0.1, end: 0.9, text: '你好世界。' },
      { start: 1.2, end: 1.6, text: '再见。' },
    ]);
    expectValidSrt(buildSrt(toCueSegments(segments)));
    // Older servers send only per-character stamps: the whole text spans them.
    expect(funAsrSegments({ text: '你好', timestamp: '[[100,300],[300,520]]' })).toEqual([
      { start: 0.1, end: 0.52, text: '你好' },
    ]);
  });

  it('DashScope Paraformer: async task submitted by URL, polled, transcription fetched', async () => {
    const calls: string[] = [];
    let polls = 0;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        calls.push(`${req.method} ${req.url}`);
        const send = (value: unknown) =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        if (req.url === '/api/v1/services/audio/asr/transcription') {
          expect(req.headers['x-dashscope-async']).toBe('enable');
          expect(req.headers.authorization).toBe('Bearer ds-key');
          expect(JSON.parse(body)).toMatchObject({
            model: 'paraformer-v2',
            input: { file_urls: ['https://cdn.example/a.mp3'] },
          });
          send({ request_id: 'r1', output: { task_id: 't-1', task_status: 'PENDING' } });
        } else if (req.url === '/api/v1/tasks/t-1') {
          polls += 1;
          const port = (server.address() as AddressInfo).port;
          send({
            output:
              polls < 2
                ? { task_id: 't-1', task_status: 'RUNNING' }
                : {
                    task_id: 't-1',
                    task_status: 'SUCCEEDED',
                    results: [
                      {
                        file_url: 'https://cdn.example/a.mp3',
                        transcription_url: `http://127.0.0.1:${port}/result.json`,
                        subtask_status: 'SUCCEEDED',
                      },
                    ],
                  },
          });
        } else if (req.url === '/result.json') {
          send({
            transcripts: [
              {
                channel_id: 0,
                sentences: [
                  { begin_time: 0, end_time: 1500, text: '第一句。' },
                  { begin_time: 1800, end_time: 3000, text: '第二句。' },
                ],
              },
            ],
          });
        } else res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    peers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const engine = createParaformerAsrEngine({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      apiKey: 'ds-key',
      timeoutMs: 5000,
      pollMs: 10,
    });
    const segments = await engine.transcribe({
      audio: tone,
      mime: 'audio/mpeg',
      duration: 3,
      script: null,
      publicUrl: 'https://cdn.example/a.mp3',
    });
    expect(segments).toEqual([
      { start: 0, end: 1.5, text: '第一句。' },
      { start: 1.8, end: 3, text: '第二句。' },
    ]);
    expect(calls).toEqual([
      'POST /api/v1/services/audio/asr/transcription',
      'GET /api/v1/tasks/t-1',
      'GET /api/v1/tasks/t-1',
      'GET /result.json',
    ]);
    await expect(
      engine.transcribe({ audio: tone, mime: 'audio/mpeg', duration: 3, script: null, publicUrl: null }),
    ).rejects.toMatchObject({ permanent: true });
  });
});
