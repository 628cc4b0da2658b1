import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { SpeechProviderError } from '../provider-errors.js';
import { decodedSeconds, integratedLoudness, testVoice, toneMp3 } from '../test-audio.js';
import { createAzureTtsEngine } from './azure-tts.js';
import { scriptItems } from './script.js';
import { createCosyVoiceTtsEngine } from './cosyvoice-tts.js';
import { createEspeakEngine, espeakArgs, espeakInput } from './espeak-engine.js';
import { createOpenAiTtsEngine } from './openai-tts.js';
import { speakItems, synthesizeSpeech } from './synthesize.js';
import { createVolcengineTtsEngine } from './volcengine-tts.js';

const voice = testVoice;

const TEXT = '银行行长今天到了重庆。他说：2024年的目标是增长25%！我们一起加油吧。';

describe('offline engine (espeak-ng)', () => {
  const engine = createEspeakEngine();

  it('feeds Mandarin as tone-numbered pinyin to the cmn-latn-pinyin voice, digits spoken as words', () => {
    const args = espeakArgs(voice(), 100);
    expect(args.join(' ')).toContain('-v cmn-latn-pinyin+f3');
    const input = espeakInput(voice(), '银行行长在重庆，2024年');
    expect(input).toContain('yin2 hang2 hang2 zhang3 zai4 chong2 qing4');
    expect(input).toContain('er4 ling2 er4 si4 nian2');
    // Every digit is a tone mark right after a syllable: none stands alone to be read aloud.
    expect(input.replace(/<[^>]+>/g, '')).not.toMatch(/(^|[^a-z])\d/);
    // Speed scales the voice's pace; a child voice sits higher.
    expect(espeakArgs(voice(), 200)).toContain('350');
    expect(espeakArgs(voice({ gender: 'child', pitch: 85 }), 100)).toContain('85');
    expect(espeakArgs(voice({ voice: 'en-us+f2' }), 100).join(' ')).toContain('-v en-us+f2');
  });

  it('speaks sentence by sentence with exact timings into a loudness-normalised MP3', async () => {
    const result = await synthesizeSpeech(engine, { text: TEXT, voice: voice(), speed: 100 });
    expect(result.offline).toBe(true);
    expect(result.engine).toBe('espeak-ng');
    expect(result.sentences.map((s) => s.text)).toEqual([
      '银行行长今天到了重庆',
      '他说：2024年的目标是增长25%！',
      '我们一起加油吧',
    ]);
    // Cues follow one another without overlap, inside the audio.
    for (const [i, cue] of result.cues.entries()) {
      expect(cue.end).toBeGreaterThan(cue.start);
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(result.cues[i - 1]!.end);
    }
    expect(result.cues.at(-1)!.end).toBeLessThanOrEqual(result.duration + 0.001);
    // The MP3 lasts what the timings say (encoder padding aside) and is normalised to about −16 LUFS.
    expect(Math.abs((await decodedSeconds(result.audio)) - result.duration)).toBeLessThan(0.15);
    expect(Math.abs((await integratedLoudness(result.audio)) + 16)).toBeLessThan(3);
  });

  it('speaks faster at a higher speed', async () => {
    const normal = await synthesizeSpeech(engine, { text: TEXT, voice: voice(), speed: 100 });
    const fast = await synthesizeSpeech(engine, { text: TEXT, voice: voice(), speed: 200 });
    expect(fast.duration).toBeLessThan(normal.duration * 0.75);
  });

  it('keeps emoji on screen (in the cues) but never says them', async () => {
    const heard: string[] = [];
    const listening = { ...engine, synthesize: (request: Parameters<typeof engine.synthesize>[0]) => {
      heard.push(request.text);
      return engine.synthesize(request);
    } };
    const speech = await synthesizeSpeech(listening, { text: '今天去吃火锅😋🔥！好开心🎉。', voice: voice(), speed: 150 });
    expect(heard.join('')).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(heard.join('')).toContain('今天去吃火锅');
    expect(speech.cues.map((c) => c.text).join('')).toContain('火锅😋🔥');
    expect(speech.cues.map((c) => c.text).join('')).toContain('好开心🎉');
  });

  it('refuses a text with nothing to say', async () => {
    await expect(synthesizeSpeech(engine, { text: '😀 ** ##', voice: voice(), speed: 100 })).rejects.toThrow(
      'tts_text_empty',
    );
  });
});

/** A local HTTP peer: records requests, answers with `respond`. */
const startHttpPeer = async (
  respond: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => void,
) => {
  const requests: { url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ url: req.url ?? '', headers: req.headers, body });
      respond(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
};
const peers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((close) => close()));
});

describe('provider engines against local peers speaking their protocols', () => {
  let tone: Buffer;
  beforeAll(async () => {
    tone = await toneMp3(0.6);
  });

  it('OpenAI-compatible /audio/speech: voice, speed factor, mp3; a piece per cue gives exact timings', async () => {
    const peer = await startHttpPeer((_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(tone),
    );
    const engine = createOpenAiTtsEngine({ baseUrl: `${peer.url}/v1`, apiKey: 'sk-test', timeoutMs: 5000 });
    const result = await synthesizeSpeech(engine, {
      text: '第一句话。第二句话！',
      voice: voice({ engine: 'openai', voice: 'nova' }),
      speed: 150,
    });
    expect(peer.requests).toHaveLength(2);
    const first = peer.requests[0]!;
    expect(first.url).toBe('/v1/audio/speech');
    expect(first.headers.authorization).toBe('Bearer sk-test');
    expect(JSON.parse(first.body.toString())).toEqual({
      model: 'tts-1',
      input: '第一句话。',
      voice: 'nova',
      speed: 1.5,
      response_format: 'mp3',
    });
    expect(result.offline).toBe(false);
    expect(result.cues).toHaveLength(2);
    // Each cue lasts as long as the tone the provider sent (0.6 s), the second starts after the pause.
    expect(result.cues[0]!.end - result.cues[0]!.start).toBeGreaterThan(0.5);
    expect(result.cues[1]!.start).toBeGreaterThan(result.cues[0]!.end + 0.2);
  });

  it('a refused key is a permanent failure', async () => {
    const peer = await startHttpPeer((_req, _body, res) => res.writeHead(401).end('{"error":"bad key"}'));
    const engine = createOpenAiTtsEngine({ baseUrl: peer.url, timeoutMs: 5000 });
    const error = await engine
      .synthesize({ text: '你好', voice: voice(), speed: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect((error as SpeechProviderError).permanent).toBe(true);
  });

  it('Azure Speech REST: SSML with the voice and a relative prosody rate, output format header', async () => {
    const peer = await startHttpPeer((_req, _body, res) => res.writeHead(200).end(tone));
    const engine = createAzureTtsEngine({ baseUrl: peer.url, apiKey: 'az-key', timeoutMs: 5000 });
    const audio = await engine.synthesize({
      text: '你好 <世界>',
      voice: voice({ engine: 'azure', voice: 'zh-CN-XiaoxiaoNeural' }),
      speed: 80,
    });
    expect(audio.equals(tone)).toBe(true);
    const request = peer.requests[0]!;
    expect(request.url).toBe('/cognitiveservices/v1');
    expect(request.headers['ocp-apim-subscription-key']).toBe('az-key');
    expect(request.headers['content-type']).toBe('application/ssml+xml');
    expect(request.headers['x-microsoft-outputformat']).toBe('audio-24khz-48kbitrate-mono-mp3');
    expect(request.body.toString()).toBe(
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="zh-CN">' +
        '<voice name="zh-CN-XiaoxiaoNeural"><prosody rate="-20%">你好 &lt;世界&gt;</prosody></voice></speak>',
    );
  });

  it('a script on Azure: fixed readings as SSML phoneme, a timed pause as a split with exact silence', async () => {
    const peer = await startHttpPeer((_req, _body, res) => res.writeHead(200).end(tone));
    const engine = createAzureTtsEngine({ baseUrl: peer.url, apiKey: 'az-key', timeoutMs: 5000 });
    const azureVoice = voice({ engine: 'azure', voice: 'zh-CN-XiaoxiaoNeural' });
    const speech = await speakItems(
      scriptItems([
        { speaker: '', voice: azureVoice, engine, speed: 100, text: '银行[xing2]到了[1.5s]下车' },
      ]),
    );
    expect(peer.requests.map((r) => r.body.toString())).toEqual([
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="zh-CN">' +
        '<voice name="zh-CN-XiaoxiaoNeural"><prosody rate="+0%">银<phoneme alphabet="sapi" ph="xing 2">行</phoneme>到了</prosody></voice></speak>',
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="zh-CN">' +
        '<voice name="zh-CN-XiaoxiaoNeural"><prosody rate="+0%">下车</prosody></voice></speak>',
    ]);
    expect(speech.cues[1]!.start - speech.cues[0]!.end).toBeGreaterThan(1.35);
    expect(speech.cues[1]!.start - speech.cues[0]!.end).toBeLessThan(1.65);
  });

  it('a script on a provider without mark-up (OpenAI speech): the character itself, pauses by splitting', async () => {
    const peer = await startHttpPeer((_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(tone),
    );
    const engine = createOpenAiTtsEngine({ baseUrl: `${peer.url}/v1`, apiKey: 'sk-test', timeoutMs: 5000 });
    await speakItems(
      scriptItems([
        {
          speaker: '',
          voice: voice({ engine: 'openai', voice: 'nova' }),
          engine,
          speed: 100,
          text: '银行[xing2]到了[1s]下车',
        },
      ]),
    );
    expect(peer.requests.map((r) => (JSON.parse(r.body.toString()) as { input: string }).input)).toEqual([
      '银行到了',
      '下车',
    ]);
  });

  it('Volcengine HTTP: Bearer;token, app/audio/request body, base64 audio in code 3000', async () => {
    let answer: object = { code: 3000, message: 'Success', sequence: -1, data: '' };
    const peer = await startHttpPeer((_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
    );
    answer = { ...answer, data: tone.toString('base64') };
    const engine = createVolcengineTtsEngine({
      baseUrl: peer.url,
      appId: 'app1',
      apiKey: 'tok',
      cluster: 'volcano_tts',
      timeoutMs: 5000,
    });
    const audio = await engine.synthesize({
      text: '你好',
      voice: voice({ engine: 'volcengine', voice: 'BV001_streaming' }),
      speed: 120,
    });
    expect(audio.equals(tone)).toBe(true);
    const request = peer.requests[0]!;
    expect(request.url).toBe('/api/v1/tts');
    expect(request.headers.authorization).toBe('Bearer;tok');
    const body = JSON.parse(request.body.toString()) as Record<string, Record<string, unknown>>;
    expect(body.app).toEqual({ appid: 'app1', token: 'tok', cluster: 'volcano_tts' });
    expect(body.audio).toEqual({ voice_type: 'BV001_streaming', encoding: 'mp3', speed_ratio: 1.2 });
    expect(body.request).toMatchObject({ text: '你好', operation: 'query', text_type: 'plain' });
    answer = { code: 3011, message: 'invalid text' };
    await expect(engine.synthesize({ text: '?', voice: voice(), speed: 100 })).rejects.toMatchObject({
      permanent: true,
    });
  });

  it('CosyVoice WebSocket task: run-task, task-started, continue-task + finish-task, binary audio, task-finished', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    peers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const seen: { auth?: string; messages: Record<string, unknown>[] } = { messages: [] };
    server.on('connection', (socket, req) => {
      seen.auth = req.headers.authorization;
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { header: { action: string; task_id: string } };
        seen.messages.push(message);
        const header = { task_id: message.header.task_id };
        if (message.header.action === 'run-task') {
          socket.send(JSON.stringify({ header: { ...header, event: 'task-started' }, payload: {} }));
        } else if (message.header.action === 'finish-task') {
          socket.send(tone.subarray(0, 1000));
          socket.send(tone.subarray(1000));
          socket.send(JSON.stringify({ header: { ...header, event: 'task-finished' }, payload: {} }));
        }
      });
    });
    await new Promise((resolve) => server.on('listening', resolve));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api-ws/v1/inference/`;
    const engine = createCosyVoiceTtsEngine({ baseUrl: url, apiKey: 'ds-key', timeoutMs: 5000 });
    const audio = await engine.synthesize({
      text: '你好',
      voice: voice({ engine: 'cosyvoice', voice: 'longxiaochun' }),
      speed: 50,
    });
    expect(audio.equals(tone)).toBe(true);
    expect(seen.auth).toBe('bearer ds-key');
    const [run, cont, fin] = seen.messages as {
      header: Record<string, string>;
      payload: Record<string, unknown>;
    }[];
    expect(run!.header).toMatchObject({ action: 'run-task', streaming: 'duplex' });
    expect(run!.payload).toMatchObject({
      task_group: 'audio',
      task: 'tts',
      function: 'SpeechSynthesizer',
      model: 'cosyvoice-v1',
      parameters: { voice: 'longxiaochun', format: 'mp3', rate: 0.5 },
    });
    expect(cont!.header.action).toBe('continue-task');
    expect(cont!.payload).toEqual({ input: { text: '你好' } });
    expect(fin!.header.action).toBe('finish-task');
    expect(new Set([run, cont, fin].map((m) => m!.header.task_id)).size).toBe(1);
  });

  it('CosyVoice task-failed becomes an error naming the code', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    peers.push(() => new Promise((resolve) => server.close(() => resolve())));
    server.on('connection', (socket) => {
      socket.on('message', () =>
        socket.send(
          JSON.stringify({
            header: { event: 'task-failed', error_code: 'InvalidParameter', error_message: 'bad voice' },
          }),
        ),
      );
    });
    await new Promise((resolve) => server.on('listening', resolve));
    const engine = createCosyVoiceTtsEngine({
      baseUrl: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
      timeoutMs: 5000,
    });
    await expect(engine.synthesize({ text: '你好', voice: voice(), speed: 100 })).rejects.toThrow(
      /InvalidParameter: bad voice/,
    );
  });
});
