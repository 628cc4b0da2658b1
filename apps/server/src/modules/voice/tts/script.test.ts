import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeToPcm, detectSilences } from '../audio.js';
import { CUE_MAX_SECONDS, CUE_MIN_SECONDS, buildCues } from '../text/cue-builder.js';
import { buildSrt } from '../text/srt.js';
import { wordsOf } from '../text/words.js';
import { testVoice } from '../test-audio.js';
import { createEspeakEngine, espeakInput } from './espeak-engine.js';
import { cleanWithReadings, scriptItems, TURN_GAP_SECONDS, type ScriptLine } from './script.js';
import { speakItems } from './synthesize.js';

// espeak-ng behind a wrapper that keeps a copy of everything it is fed: the engine's real input.
const dir = mkdtempSync(path.join(tmpdir(), 'espeak-input-'));
const inputLog = path.join(dir, 'input.log');
const wrapper = path.join(dir, 'espeak-ng');
writeFileSync(wrapper, `#!/bin/sh\ntee -a "${inputLog}" | espeak-ng "$@"\n`);
chmodSync(wrapper, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const espeak = createEspeakEngine(wrapper);
const female = testVoice();
const male = testVoice({ voice: 'cmn+m3', gender: 'male' });
const line = (text: string, speaker = '', voice = female): ScriptLine => ({
  speaker,
  voice,
  engine: espeak,
  speed: 100,
  text,
});

describe('the dubbing script on the offline engine', () => {
  it('a fixed reading reaches espeak-ng as the chosen syllable, the rest keeps its reading in context', async () => {
    writeFileSync(inputLog, '');
    // pinyin-pro reads 银行 yin2 hang2; the user says this 行 is xing2 (a made-up fix, to tell them apart).
    await speakItems(scriptItems([line('我去银行[xing2]取钱。')]));
    const fed = readFileSync(inputLog, 'utf8');
    expect(fed).toContain('yin2 xing2');
    expect(fed).not.toContain('hang2');
    expect(fed).not.toContain('[');
    // Without the fix the same text is read with pinyin-pro's heteronym in context.
    expect(espeakInput(female, '我去银行取钱。')).toContain('yin2 hang2');
  });

  it('a fix follows its character through the cleaning of markdown (emoji stay for the screen)', () => {
    const { text, readings } = cleanWithReadings('**重**😀要的事', [{ at: 2, char: '重', pinyin: 'chong2' }]);
    expect(text).toBe('重😀要的事');
    expect(readings).toEqual([{ at: 0, char: '重', pinyin: 'chong2' }]);
  });

  it('a 1.0 s pause is 1.0 ± 0.15 s of silence in the audio (ffmpeg silencedetect)', async () => {
    const speech = await speakItems(scriptItems([line('今天天气很好[1.0s]我们去公园')]));
    const pcm = await decodeToPcm(speech.audio);
    const silences = await detectSilences(pcm, { minSeconds: 0.5, noiseDb: -40 });
    // Inside the speech (not the encoder's edges): exactly one long silence, the pause.
    const inner = silences.filter((s) => s.start > 0.2 && s.end < speech.duration - 0.05);
    expect(inner).toHaveLength(1);
    expect(inner[0]!.end - inner[0]!.start).toBeGreaterThan(0.85);
    expect(inner[0]!.end - inner[0]!.start).toBeLessThan(1.15);
    // The cues say the same: the second starts about a second after the first ends.
    const [first, second] = speech.cues;
    expect(second!.start - first!.end).toBeGreaterThan(0.85);
    expect(second!.start - first!.end).toBeLessThan(1.15);
  });

  it('a dialogue of two voices is one audio with a gap at each turn; cues and SRT carry the speakers', async () => {
    const speech = await speakItems(
      scriptItems([
        line('你好，今天我们聊聊春天。', '甲', female),
        line('好啊，我最喜欢春天的花了，公园里到处都是盛开的桃花和樱花。', '乙', male),
        line('那我们周末一起去看看吧。', '甲', female),
      ]),
    );
    expect(speech.cues.map((c) => c.speaker)).toEqual(expect.arrayContaining(['甲', '乙']));
    const turns = speech.cues.filter((c, i) => i > 0 && speech.cues[i - 1]!.speaker !== c.speaker);
    expect(turns).toHaveLength(2);
    for (const cue of turns) {
      const before = speech.cues[speech.cues.indexOf(cue) - 1]!;
      expect(cue.start - before.end).toBeGreaterThan(TURN_GAP_SECONDS - 0.1);
      expect(cue.start - before.end).toBeLessThan(TURN_GAP_SECONDS + 0.15);
    }
    const cues = buildCues(speech.cues);
    const srt = buildSrt(cues);
    expect(srt).toMatch(/\n甲：你好/);
    expect(srt).toMatch(/\n乙：好啊/);
    // Every cue 0.8–7 s, one speaker each, and no boundary inside a segmenter's word.
    for (const cue of cues) {
      expect(cue.end - cue.start).toBeGreaterThanOrEqual(CUE_MIN_SECONDS - 1e-9);
      expect(cue.end - cue.start).toBeLessThanOrEqual(CUE_MAX_SECONDS);
      expect(cue.speaker === '甲' || cue.speaker === '乙').toBe(true);
    }
    const said = speech.cues.map((c) => c.text.replace(/[\s，。！？、]/g, '')).join('');
    expect(cues.map((c) => c.text.replace(/[\s，。！？、]/g, '')).join('')).toBe(said);
    const wordEnds = new Set<number>();
    let at = 0;
    for (const word of wordsOf(said)) wordEnds.add((at += word.length));
    let seen = 0;
    for (const cue of cues.slice(0, -1)) {
      seen += cue.text.replace(/[\s，。！？、]/g, '').length;
      expect(wordEnds.has(seen)).toBe(true);
    }
  });
});
