// One measurement of bench/voice.bench.mjs in a fresh process, so that memory peaks are its own:
// `node bench/voice-measure.mjs tts <chars>`, `node bench/voice-measure.mjs dialogue <chars>` (a two-voice script
// with pauses and reading fixes, issue 30) or `node bench/voice-measure.mjs align <seconds>`.
// Prints one JSON line: { wallMs, audioSeconds, peakRssMb, nodeRssMb }.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childrenOf, rssKb } from './process-memory.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/server/dist/modules/voice');
const { speakItems, synthesizeSpeech } = await import(path.join(dist, 'tts/synthesize.js'));
const { scriptItems } = await import(path.join(dist, 'tts/script.js'));
const { createEspeakEngine } = await import(path.join(dist, 'tts/espeak-engine.js'));
const { createAlignEngine } = await import(path.join(dist, 'asr/align-engine.js'));

const PASSAGE =
  '春天来了，公园里的花都开了，小朋友们在草地上放风筝。2024年3月5日，气温回升到18度，比昨天高了25%。' +
  '我们一起去湖边散步吧！湖面上有几只白鹭，远处的山被薄雾笼罩，像一幅淡淡的水墨画。' +
  '傍晚的时候，大家带着满满的笑声回家，约好明天早上8:30再来这里看日出。' +
  '银行行长在重庆的发布会上说，今年的目标是服务更多的小微企业，让每一位客户都能感受到温暖。';

const textOf = (chars) => {
  let text = '';
  while ([...text].length < chars) text += PASSAGE;
  return [...text].slice(0, chars).join('');
};

const voice = {
  engine: 'espeak-ng',
  voice: 'cmn+f3',
  lang: 'zh-CN',
  gender: 'female',
  speed: 175,
  vipOnly: false,
  description: '',
};

// Resident memory of this process and its children (espeak-ng, ffmpeg), sampled from /proc every 5 ms.
let peakKb = 0;
const sampler = setInterval(() => {
  const total = rssKb(process.pid) + childrenOf(process.pid).reduce((sum, child) => sum + rssKb(child), 0);
  peakKb = Math.max(peakKb, total);
}, 10);

const [kind, amount] = [process.argv[2], Number(process.argv[3])];
const engine = createEspeakEngine();
let wallMs;
let audioSeconds;
if (kind === 'tts') {
  const started = performance.now();
  const speech = await synthesizeSpeech(engine, { text: textOf(amount), voice, speed: 100 });
  wallMs = performance.now() - started;
  audioSeconds = speech.duration;
} else if (kind === 'dialogue') {
  // The passage cut into lines of about 25 characters, said in turn by 甲 (female) and 乙 (male); every third
  // line opens with a 0.5 s pause, and each 行 carries a reading fix.
  const male = { ...voice, voice: 'cmn+m3', gender: 'male' };
  const chars = [...textOf(amount)];
  const lines = [];
  for (let i = 0; i < chars.length; i += 25) {
    const n = lines.length;
    const text = chars.slice(i, i + 25).join('').replace(/行/g, '行[hang2]');
    lines.push({
      speaker: n % 2 ? '乙' : '甲',
      voice: n % 2 ? male : voice,
      engine,
      speed: 100,
      text: n % 3 === 2 ? `[0.5s]${text}` : text,
    });
  }
  const started = performance.now();
  const speech = await speakItems(scriptItems(lines));
  wallMs = performance.now() - started;
  audioSeconds = speech.duration;
} else {
  // Speech of about `amount` seconds (made first, not timed), then the alignment of its script is timed.
  let chars = Math.round(amount * 4.2);
  let speech = await synthesizeSpeech(engine, { text: textOf(chars), voice, speed: 100 });
  chars = Math.max(10, Math.round((chars * amount) / speech.duration));
  speech = await synthesizeSpeech(engine, { text: textOf(chars), voice, speed: 100 });
  peakKb = 0;
  const started = performance.now();
  const segments = await createAlignEngine().transcribe({
    audio: speech.audio,
    mime: 'audio/mpeg',
    duration: speech.duration,
    script: textOf(chars),
    publicUrl: null,
  });
  wallMs = performance.now() - started;
  audioSeconds = speech.duration;
  if (!segments.length) throw new Error('alignment answered nothing');
}
clearInterval(sampler);
console.log(
  JSON.stringify({
    wallMs,
    audioSeconds,
    peakRssMb: peakKb / 1024,
    nodeRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
