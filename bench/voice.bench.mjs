// Offline voice engines (AI dubbing and subtitles):
// - text to speech real-time factor (synthesis time ÷ audio length) for 100 and 500 Chinese characters,
//   espeak-ng fed pinyin, sentence by sentence, joined and encoded as a loudness-normalised MP3;
// - a 500-character dialogue (issue 30): two voices in turn, timed pauses and reading fixes, one MP3 (target
//   real-time factor ≤ 0.1);
// - alignment time of a script against a 30-second clip (pocketsphinx forced alignment when installed, else the
//   pauses found by ffmpeg's silencedetect);
// - peak resident memory of each (the Node process plus the espeak-ng / ffmpeg processes it runs).
// Each measurement runs in a fresh process (bench/voice-measure.mjs), RUNS times; medians are reported.
// Writes bench/results/voice.json and voice.md. Targets: RTF < 0.3, 30 s aligned < 2 s, peak < 300 MB.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProduct } from './server-build.mjs';

const sphinx = spawnSync('sh', ['-c', 'command -v pocketsphinx_batch']).status === 0;

const dir = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.VOICE_BENCH_RUNS ?? 5);
buildProduct();

const measure = (...args) => {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const result = spawnSync(process.execPath, [path.join(dir, 'voice-measure.mjs'), ...args.map(String)], {
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`voice-measure ${args.join(' ')} failed: ${result.stderr}`);
    runs.push(JSON.parse(result.stdout.trim().split('\n').at(-1)));
  }
  const median = (key) => {
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  return {
    wallMs: median('wallMs'),
    audioSeconds: median('audioSeconds'),
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
    nodeRssMb: Math.max(...runs.map((r) => r.nodeRssMb)),
  };
};

const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const tts100 = measure('tts', 100);
const tts500 = measure('tts', 500);
const dialogue500 = measure('dialogue', 500);
const align30 = measure('align', 30);
const rows = [
  { name: 'text to speech, 100 characters', ...tts100, rtf: tts100.wallMs / 1000 / tts100.audioSeconds },
  { name: 'text to speech, 500 characters', ...tts500, rtf: tts500.wallMs / 1000 / tts500.audioSeconds },
  {
    name: 'dialogue, 500 characters, 2 voices, pauses and fixes',
    ...dialogue500,
    rtf: dialogue500.wallMs / 1000 / dialogue500.audioSeconds,
  },
  {
    name: 'alignment of a script, ~30 s clip',
    ...align30,
    rtf: align30.wallMs / 1000 / align30.audioSeconds,
  },
];
const targets = {
  rtf: 0.3,
  dialogueRtf: 0.1,
  alignMs: 2000,
  peakRssMb: 300,
};
const met =
  tts100.wallMs / 1000 / tts100.audioSeconds < targets.rtf &&
  tts500.wallMs / 1000 / tts500.audioSeconds < targets.rtf &&
  dialogue500.wallMs / 1000 / dialogue500.audioSeconds <= targets.dialogueRtf &&
  align30.wallMs < targets.alignMs &&
  rows.every((r) => r.peakRssMb < targets.peakRssMb);

const at = new Date().toISOString();
const machine = `Node ${process.version} · ${cpus().length} CPUs, load average ${round(loadavg()[0])}`;
mkdirSync(path.join(dir, 'results'), { recursive: true });
writeFileSync(
  path.join(dir, 'results/voice.json'),
  `${JSON.stringify({ at, machine, runs: RUNS, targets, met, rows: rows.map((r) => ({ ...r, wallMs: round(r.wallMs), rtf: round(r.rtf, 3), peakRssMb: round(r.peakRssMb, 1), nodeRssMb: round(r.nodeRssMb, 1) })) }, null, 2)}\n`,
);
const table = rows
  .map(
    (r) =>
      `| ${r.name} | ${round(r.audioSeconds, 1)} s | ${round(r.wallMs)} ms | ${round(r.rtf, 3)} | ${round(r.peakRssMb, 1)} MB | ${round(r.nodeRssMb, 1)} MB |`,
  )
  .join('\n');
writeFileSync(
  path.join(dir, 'results/voice.md'),
  `# Offline voice engines benchmark

${at} · ${machine} · ${RUNS} runs of each, medians (memory: the highest run)

| measure | audio | time | real-time factor | peak memory (Node + espeak-ng/ffmpeg) | Node alone |
| --- | ---: | ---: | ---: | ---: | ---: |
${table}

Targets: real-time factor below ${targets.rtf} for text to speech (at most ${targets.dialogueRtf} for the dialogue), a 30 s clip aligned in under ${targets.alignMs / 1000} s,
peak memory under ${targets.peakRssMb} MB. Text to speech runs espeak-ng once per subtitle-sized cue (so every cue's
time is exact), decodes nothing (espeak-ng writes WAV), and encodes one MP3 with ffmpeg's loudnorm at the end. The dialogue is 20 lines of 25 characters said in turn by
a female and a male voice, every third line opening with a 0.5 s pause, each 行 with a reading fix: pauses and
turns are exact silence between the pieces, so they cost nothing to make.
Alignment resamples the MP3 to 16 kHz with ffmpeg and force-aligns the script's syllables with pocketsphinx
(${sphinx ? 'installed here' : 'not installed here: the pauses found by silencedetect were used'}). Each measurement runs in a fresh Node process; memory is sampled from /proc every 10 ms (short-lived
espeak-ng processes may be under-counted by a few MB).
Result: ${met ? 'targets met' : 'targets NOT met'}.
`,
);
console.log(table);
console.log(met ? 'voice bench: targets met' : 'voice bench: targets NOT met');
