import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import {
  baseUrl,
  loginByPassword,
  newPhonePage,
  open,
  screenshot,
  startBrowser,
  withSession,
} from './helpers';

/**
 * Issue 30's journey: a 3-line dialogue with 2 voices, one reading fix and one 1.0 s pause, made in the
 * dubbing editor at phone size on the offline engine; the audio, the SRT and the reading dictionary checked.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 60_000 };

interface Task {
  id: number;
  status: string;
  srt: string | null;
  audioUrl: string | null;
  segments: { start: number; end: number; text: string; speaker?: string }[];
}

/** Silent stretches of at least `min` seconds in an audio file (ffmpeg silencedetect), as lengths. */
const silences = (file: string, min: number): number[] => {
  const run = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-i', file, '-af', `silencedetect=noise=-40dB:d=${min}`, '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  );
  return [...run.stderr.matchAll(/silence_duration: ([\d.]+)/g)].map((m) => Number(m[1]));
};

describe('the dubbing editor in Chromium at phone size', () => {
  it('makes a dialogue of two voices with a reading fix and a 1.0 s pause; the SRT names the speakers', async () => {
    const session = await loginByPassword('13800000000', 'demo123456');
    const auth = { Authorization: `Bearer ${session.accessToken}` };
    const { context, page, errors } = await newPhonePage(browser);
    await withSession(context, session);

    await open(page, `/media/dub/index?text=${encodeURIComponent('你好，我在银行工作。')}`);
    await page.getByTestId('dub-panel').waitFor(WAIT);
    await page.getByTestId('voice-espeak-cmn-f3').click();

    // Tap 行 (the 7th character) and fix its reading: the text carries the mark, the ruby shows it.
    await page.getByTestId('dub-char-0-6').click();
    await page.getByTestId('dub-reading-xing2').click();
    expect(await page.getByTestId('dub-text').inputValue()).toBe('你好，我在银行[xing2]工作。');
    expect(await page.getByTestId('dub-ruby-0').locator('rt').allTextContents()).toContain('xíng');

    // Line 2: speaker 乙 with the male voice, a 1.0 s pause after 真巧，
    await page.getByTestId('dub-add-line').click();
    expect(await page.getByTestId('dub-speaker-0').inputValue()).toBe('甲');
    expect(await page.getByTestId('dub-speaker-1').inputValue()).toBe('乙');
    await page.getByTestId('dub-text-1').fill('真巧，我也在银行上班。');
    await page.getByTestId('voice-espeak-cmn-m3').click();
    await page.getByTestId('dub-text-1').evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(3, 3));
    await page.getByTestId('dub-pause-1').click();
    expect(await page.getByTestId('dub-text-1').inputValue()).toBe('真巧，[1.0s]我也在银行上班。');
    expect(await page.getByTestId('dub-pause-chip-1').textContent()).toBe('‖1s');

    // Line 3: 甲 again, with 甲's voice.
    await page.getByTestId('dub-add-line').click();
    expect(await page.getByTestId('dub-speaker-2').inputValue()).toBe('甲');
    await page.getByTestId('dub-text-2').fill('那我们中午一起吃饭吧。');
    expect(await page.getByTestId('dub-line-voice-2').textContent()).toBe(
      await page.getByTestId('dub-line-voice-0').textContent(),
    );
    await screenshot(page, 'dub-dialogue-editor');

    // A free preview of one line, and a voice card's sample, before paying: real MP3 audio.
    const [line] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/textToSpeech/previewLine'), WAIT),
      page.getByTestId('dub-line-preview-1').click(),
    ]);
    expect(line.status()).toBe(200);
    expect(line.headers()['content-type']).toBe('audio/mpeg');
    const [sample] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/textToSpeech/preview?'), WAIT),
      page.getByTestId('voice-preview-espeak-cmn-m3').click(),
    ]);
    expect(sample.status()).toBe(200);

    await page.getByTestId('dub-generate').click();
    await page.locator('[data-testid="dub-result"][data-status="succeeded"]').waitFor(WAIT);
    expect(await page.getByTestId('timed-lines').textContent()).toMatch(/甲：你好.*乙：真巧.*甲：/s);
    await page.getByTestId('download-ass').waitFor(WAIT);
    await page.getByTestId('timed-lines').scrollIntoViewIfNeeded();
    await screenshot(page, 'dub-dialogue-result');

    const list = (await (
      await fetch(`${baseUrl()}/api/textToSpeech/page`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ page: 1, pageSize: 1 }),
      })
    ).json()) as { result: { items: Task[] } };
    const task = list.result.items[0]!;
    expect(task.status).toBe('succeeded');

    // The SRT names the speakers; every cue lasts 0.8–7 s and breaks between words.
    expect(task.srt).toMatch(/\n甲：你好/);
    expect(task.srt).toMatch(/\n乙：真巧/);
    const said = task.segments.map((s) => s.text.replace(/[\s，。]/g, '')).join('');
    const ends = new Set<number>();
    let at = 0;
    for (const word of Jieba.withDict(dict).cut(said, true)) ends.add((at += word.length));
    let seen = 0;
    for (const cue of task.segments) {
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(0.8 - 1e-6);
      expect(cue.end - cue.start).toBeLessThanOrEqual(7);
      seen += cue.text.replace(/[\s，。]/g, '').length;
      expect(ends.has(seen)).toBe(true);
    }

    // The pause is 1.0 ± 0.15 s of silence in the audio; the turns' gaps are shorter.
    const mp3 = Buffer.from(await (await fetch(`${baseUrl()}${task.audioUrl}`)).arrayBuffer());
    const dir = mkdtempSync(join(tmpdir(), 'dub-dialogue-'));
    try {
      writeFileSync(join(dir, 'dub.mp3'), mp3);
      const long = silences(join(dir, 'dub.mp3'), 0.8);
      expect(long).toHaveLength(1);
      expect(Math.abs(long[0]! - 1)).toBeLessThanOrEqual(0.15);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // The fix went into my reading dictionary, for my later texts.
    const fixes = (await (
      await fetch(`${baseUrl()}/api/textToSpeech/readings`, { headers: auth })
    ).json()) as {
      result: { items: { word: string; at: number; pinyin: string }[] };
    };
    expect(fixes.result.items).toContainEqual({ word: '银行', at: 1, pinyin: 'xing2' });
    expect(errors).toEqual([]);
  });
});
