// One render of bench/video.bench.mjs in a fresh process, so the memory peak is its own:
// `node bench/video-measure.mjs <outDir> <music:on|off>`. Renders a 300-character article at 1080×1920 with the
// offline voice, the article's pictures (Ken Burns), burned-in title and subtitles and (optionally) music ducked
// under the voice, exactly as the render job does (apps/server/dist/modules/video). Prints one JSON line.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTICLE } from './video-article.mjs';
import { treeKb } from './process-memory.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/server/dist/modules');
const { renderVideo } = await import(path.join(dist, 'video/pipeline/render.js'));
const { createVideoSpeaker } = await import(path.join(dist, 'video/video-speaker.js'));
const { createVoiceEngines } = await import(path.join(dist, 'voice/index.js'));
const { estimateVideo } = await import(path.join(root, 'packages/contract/dist/index.js'));


const [outDir, music] = [process.argv[2], process.argv[3] ?? 'on'];
mkdirSync(outDir, { recursive: true });

let peakKb = 0;
const sampler = setInterval(() => {
  peakKb = Math.max(peakKb, treeKb(process.pid));
}, 10);

// The seeded default voice, as a user picks it (its rate is what the estimate's 5 characters a second rests on).
const { SEED_DICTIONARIES } = await import(path.join(dist, 'dictionary/dictionary.seed.js'));
const voice = SEED_DICTIONARIES.tts_config_nam.find((item) => item.value === 'espeak-cmn-f3').data;
const speaker = createVideoSpeaker({ db: null, engines: createVoiceEngines({}) });
const pictures = ['mountain-lake.png', 'forest.png', 'spring-blossom.png', 'tea.png'].map((f) =>
  path.join(root, 'apps/server/static/plaza', f),
);
const stages = {};
let last = { stage: null, at: Date.now() };
const started = Date.now();
const output = await renderVideo({
  title: '周末去湖边走走',
  text: ARTICLE,
  style: {
    width: 1080,
    height: 1920,
    font: 'WenQuanYi Micro Hei',
    fontSize: 64,
    fontColor: '#FFFFFF',
    subtitleAnchor: 8,
    titleAnchor: 2,
  },
  background: '#101828',
  clips: [],
  music: music === 'on' ? { lavfi: "aevalsrc='0.12*sin(2*PI*261.63*t)+0.10*sin(2*PI*329.63*t)+0.08*sin(2*PI*392*t)':s=44100:d=60" } : null,
  workDir: outDir,
  signal: new AbortController().signal,
  censor: async () => undefined,
  speak: (text, signal) => speaker.speak({ voice, text, speed: 100, signal }),
  pictureFor: async (index) => pictures[index % pictures.length],
  progress: async (_percent, stage) => {
    if (stage !== last.stage) {
      if (last.stage) stages[last.stage] = (stages[last.stage] ?? 0) + Date.now() - last.at;
      last = { stage, at: Date.now() };
    }
  },
});
if (last.stage) stages[last.stage] = (stages[last.stage] ?? 0) + Date.now() - last.at;
const wallMs = Date.now() - started;
clearInterval(sampler);
const estimate = estimateVideo({ text: ARTICLE, speed: 100, perSecondWord: 5, goldPerWord: 20 });
console.log(
  JSON.stringify({
    wallMs,
    peakRssMb: peakKb / 1024,
    stagesMs: stages,
    video: output.video,
    seconds: output.seconds,
    cues: output.cues,
    sceneStarts: output.sceneStarts,
    estimate,
    characters: [...ARTICLE.replace(/[#\s]/g, '')].length,
  }),
);
