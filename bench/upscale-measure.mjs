// One upscale of bench/draw.bench.mjs in a fresh process, so that the memory peak is its own (the worker thread
// running tfjs-wasm lives in this process): `node bench/upscale-measure.mjs <side> <scale>`.
// Upscales a side × side picture with the built server's offline ESRGAN upscaler (apps/server/dist).
// Prints one JSON line: { wallMs, width, height, peakRssMb }.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const sharp = require('sharp');
const { createEsrganUpscaler } = await import(
  pathToFileURL(path.join(root, 'apps/server/dist/modules/drawing/upscale/esrgan-upscaler.js')).href
);

const side = Number(process.argv[2] ?? 512);
const scale = Number(process.argv[3] ?? 2);

// A picture with gradients, edges and a texture, like a drawing (not flat colour, which any model does fast).
const raw = Buffer.alloc(side * side * 3);
for (let y = 0; y < side; y += 1)
  for (let x = 0; x < side; x += 1) {
    const i = (y * side + x) * 3;
    raw[i] = (x * 255) / side;
    raw[i + 1] = (y * 255) / side;
    raw[i + 2] = ((x >> 4) + (y >> 4)) % 2 ? 210 : 60;
  }
const input = await sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();

const started = performance.now();
const out = await createEsrganUpscaler().upscale(input, scale, {
  signal: new AbortController().signal,
  progress: async () => undefined,
});
const wallMs = performance.now() - started;
const meta = await sharp(out).metadata();
// ru_maxrss: the process's peak resident memory (kB), worker thread and WASM heap included.
const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify({ wallMs: Math.round(wallMs), width: meta.width, height: meta.height, peakRssMb }));
