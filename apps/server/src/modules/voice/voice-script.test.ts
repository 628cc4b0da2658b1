import type { AsrCapabilities, TtsTask } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/build-app.js';
import { startOpenAiStub, type OpenAiStub } from '../../test/openai-stub.js';
import { bearer, guestToken, tokenFor } from '../../test/tokens.js';
import { DEFAULT_TENANT_ID } from '@app/contract';
import { ttsVoices } from './tts/voices.js';
import { voiceSampleKey } from './voice.service.js';

const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** The dialogue of the "done when": 3 lines, 2 voices, one reading fix, one 1.0 s pause. */
const DIALOGUE = [
  { speaker: '甲', voice: 'espeak-cmn-f3', speed: 100, text: '你好，我刚从银行[xing2]回来。' },
  { speaker: '乙', voice: 'espeak-cmn-m3', speed: 110, text: '辛苦了，[1.0s]我们去吃饭吧。' },
  { speaker: '甲', voice: 'espeak-cmn-f3', speed: 100, text: '好的，走吧。' },
];

describe('dubbing scripts: dialogue, reading dictionary, line preview, bilingual SRT, capabilities', () => {
  let app: TestApp;
  let stub: OpenAiStub;
  let demo: Record<string, string>;
  beforeAll(async () => {
    stub = await startOpenAiStub();
    app = await createTestApp({ AI_TEXT_BASE_URL: stub.baseURL, AI_TEXT_MAX_RETRIES: 0 });
    demo = bearer(await tokenFor(app, 'demo'));
  });
  afterAll(async () => {
    await app.close();
    await stub.close();
  });

  const post = (url: string, payload: object, headers = demo) =>
    app.inject({ method: 'POST', url, headers, payload });
  const detail = async (id: number) =>
    json<TtsTask>(
      await app.inject({ method: 'GET', url: `/api/textToSpeech/detail?id=${id}`, headers: demo }),
    ).result;

  let done: TtsTask;

  it('dubs a dialogue into one audio whose SRT and ASS name the speakers; cues last 0.8–7 s', async () => {
    const res = await post('/api/textToSpeech/add', { lines: DIALOGUE });
    expect(res.statusCode).toBe(200);
    const task = json<TtsTask>(res).result;
    // 你好我刚从银行回来 9 + 辛苦了我们去吃饭吧 9 + 好的走吧 4 = 22 words at 20 gold (speaker names are free).
    expect(task.cost).toBe(440);
    expect(task.text).toBe('甲：你好，我刚从银行回来。\n乙：辛苦了，我们去吃饭吧。\n甲：好的，走吧。');
    expect(task.voiceLabel).toContain(' / ');
    done = await waitFor(
      () => detail(task.id),
      (t) => t.status === 'succeeded' || t.status === 'failed',
    );
    expect(done.status).toBe('succeeded');
    expect(done.lines).toEqual(DIALOGUE);
    expect(done.srt).toMatch(/\n甲：你好/);
    expect(done.srt).toMatch(/\n乙：/);
    expect(new Set(done.segments.map((s) => s.speaker))).toEqual(new Set(['甲', '乙']));
    for (const cue of done.segments) {
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(0.8 - 1e-9);
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
    }
    // The pause: the cue after 辛苦了 starts about a second after it ends.
    const pauseAt = done.segments.findIndex((s) => s.text.startsWith('辛苦了'));
    const before = done.segments[pauseAt]!;
    const after = done.segments[pauseAt + 1]!;
    expect(after.start - before.end).toBeGreaterThan(0.5);
    expect(done.ass).toMatch(/^\[Script Info]/);
    expect(done.ass).toMatch(/\nDialogue: 0,0:00:0\d\.\d\d,0:00:0\d\.\d\d,Default,甲,0,0,0,,\{\\k\d+}你好/);
  });

  it('keeps the fix in my reading dictionary and applies it to my later texts', async () => {
    const fixes = json<{ items: unknown[] }>(
      await app.inject({ method: 'GET', url: '/api/textToSpeech/readings', headers: demo }),
    ).result;
    expect(fixes.items).toEqual([{ word: '银行', at: 1, pinyin: 'xing2' }]);
    // A later script without the mark is stored with it (and so spoken with it).
    const res = await post('/api/textToSpeech/add', {
      lines: [{ voice: 'espeak-cmn-f3', text: '银行门口人很多。' }],
    });
    const later = json<TtsTask>(res).result;
    expect(later.lines![0]!.text).toBe('银行[xing2]门口人很多。');
    // Another user's texts are not touched.
    const other = bearer(await tokenFor(app, 'demovip'));
    const theirs = json<{ items: unknown[] }>(
      await app.inject({ method: 'GET', url: '/api/textToSpeech/readings', headers: other }),
    ).result;
    expect(theirs.items).toEqual([]);
    const removed = await post('/api/textToSpeech/readings/delete', { word: '银行', at: 1 });
    expect(json<boolean>(removed).result).toBe(true);
  });

  it('refuses a pause outside 0.1–5 s with the field named', async () => {
    const res = await post('/api/textToSpeech/add', {
      lines: [{ voice: 'espeak-cmn-f3', text: '你好[6s]世界' }],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(json(res).message)).toContain('lines');
  });

  it('previews one line for free as MP3, refuses a long one, and is rate-limited', async () => {
    const line = { voice: 'espeak-cmn-f3', speed: 100, text: '银行[hang2]行长[0.5s]你好' };
    const preview = (q: Record<string, string | number>) =>
      app.inject({
        method: 'GET',
        url: '/api/textToSpeech/previewLine',
        query: Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])),
        headers: demo,
      });
    const first = await preview(line);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('audio/mpeg');
    expect(first.rawPayload.length).toBeGreaterThan(1000);
    const long = await preview({ ...line, text: '好'.repeat(121) });
    expect(long.statusCode).toBe(400);
    expect(json(long).extras).toMatchObject({ error: 'tts_preview_too_long' });
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) codes.push((await preview(line)).statusCode);
    expect(codes).toContain(429);
  });

  it('answers each character’s reading in context and the readings it may take', async () => {
    const res = await post('/api/textToSpeech/pinyin', { text: '银行行长a' });
    const { chars } = json<{ chars: { char: string; reading: string | null; options: string[] }[] }>(
      res,
    ).result;
    expect(chars.map((c) => c.reading)).toEqual(['yin2', 'hang2', 'hang2', 'zhang3', null]);
    expect(chars[2]!.options).toEqual(expect.arrayContaining(['xing2', 'hang2']));
  });

  it('says before any upload what this server can do with audio', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/audioToSrt/capabilities',
      headers: bearer(await guestToken(app)),
    });
    expect(json<AsrCapabilities>(res).result).toEqual({
      transcribe: false,
      align: true,
      engine: null,
      offline: false,
      // The chat-completions stub is this app's text provider.
      translate: true,
    });
  });

  it('makes a bilingual SRT through the OpenAI-compatible chat protocol, every cue keeping its timing', async () => {
    const translations = done.segments.map((_, i) => `Line ${i + 1} in English`);
    stub.next({
      kind: 'stream',
      tokens: [
        '```json\n',
        JSON.stringify(translations).slice(0, 5),
        JSON.stringify(translations).slice(5),
        '\n```',
      ],
    });
    const res = await post('/api/textToSpeech/bilingual', { id: done.id, lang: 'en' });
    expect(res.statusCode).toBe(200);
    const out = json<{
      bilingual: string;
      translated: string;
      segments: { start: number; end: number; text: string; translation: string }[];
    }>(res).result;
    const sent = stub.requests.at(-1)!.body;
    expect(JSON.parse(sent.messages.at(-1)!.content)).toEqual(done.segments.map((s) => s.text));
    expect(out.segments.map((s) => [s.start, s.end])).toEqual(done.segments.map((s) => [s.start, s.end]));
    const times = (srt: string) => srt.match(/\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}/g);
    expect(times(out.bilingual)).toEqual(times(done.srt!));
    expect(times(out.translated)).toEqual(times(done.srt!));
    expect(out.bilingual).toMatch(/\n甲：你好[^\n]*\nLine 1 in English\n/);
    expect(out.translated).toMatch(/\n甲：Line 1 in English\n/);

    // An answer with another count of lines is refused, never shifted onto the wrong cues.
    stub.next({ kind: 'stream', tokens: [JSON.stringify(translations.slice(1))] });
    const short = await post('/api/textToSpeech/bilingual', { id: done.id, lang: 'en' });
    expect(short.statusCode).toBe(503);
    expect(json(short).extras).toMatchObject({ error: 'subtitle_translation_failed' });
  });

  it('edited subtitles are timed again from the speech: nothing drifts, however often they are edited', async () => {
    const lineOf = (s: { text: string; speaker?: string }) =>
      s.speaker ? `${s.speaker}：${s.text}` : s.text;
    const original = done.segments;
    // Drop the first cue and reword the last: the others stay exactly where they are said.
    const edited = original.slice(1).map(lineOf);
    edited[edited.length - 1] = edited[edited.length - 1]!.replace('走吧', '出发吧');
    const res = await post('/api/textToSpeech/subtitles', { id: done.id, lines: edited });
    expect(res.statusCode).toBe(200);
    const out = json<{ segments: typeof original; srt: string }>(res).result;
    expect(out.segments).toHaveLength(original.length - 1);
    out.segments.forEach((cue, i) => {
      expect(cue.start).toBeCloseTo(original[i + 1]!.start, 2);
      expect(cue.end).toBeCloseTo(original[i + 1]!.end, 2);
      expect(cue.speaker).toBe(original[i + 1]!.speaker);
    });
    expect(out.segments.at(-1)!.text).toContain('出发吧');
    expect((await detail(done.id)).srt).toBe(out.srt);
    // Put back as it was: the timings are the first ones again (anchored on the speech, not on the last edit).
    const back = json<{ segments: typeof original }>(
      await post('/api/textToSpeech/subtitles', { id: done.id, lines: original.map(lineOf) }),
    ).result;
    expect(back.segments.map((c) => [c.start, c.end, c.text])).toEqual(
      original.map((c) => [c.start, c.end, c.text]),
    );
  });

  it('a voice sample is made once and kept in the file store, whichever process asks next', async () => {
    const url = '/api/textToSpeech/preview?voice=espeak-cmn-m3&speed=100';
    const first = await app.inject({ method: 'GET', url, headers: demo });
    expect(first.statusCode).toBe(200);
    const voice = (await ttsVoices(app.platform.db, DEFAULT_TENANT_ID)).find(
      (v) => v.value === 'espeak-cmn-m3',
    )!;
    const key = voiceSampleKey(voice.data, 100);
    expect(await app.platform.storage.read(key, 'private')).not.toBeNull();
    // The next request is answered from the store (whatever it holds), not made again.
    await app.platform.storage.backend.put(key, 'private', Buffer.from('stored sample'), 'audio/mpeg');
    const again = await app.inject({ method: 'GET', url, headers: demo });
    expect(again.rawPayload.toString()).toBe('stored sample');
  });
});
