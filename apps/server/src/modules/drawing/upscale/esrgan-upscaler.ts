import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { IMAGE_DECODE_LIMITS } from '../../../platform/storage/image-upload.js';
import { upscaleTiled, type RgbImage } from './tiles.js';
import type { UpscaleRun, Upscaler } from './upscaler.js';

const require = createRequire(import.meta.url);

/**
 * The worker thread's code. It is evaluated from this string (not loaded from a file) so that the same code runs
 * under the TypeScript test runner and from the built server. It loads TensorFlow.js on its WASM backend and one
 * ESRGAN model from the files of `@upscalerjs/esrgan-slim` (no network), then answers tiles: RGB bytes in, RGB
 * bytes `scale` times larger out. The model takes and gives pixel values 0–255 (its `rdn` architecture).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const tf = require(workerData.tfjs);
const wasm = require(workerData.wasm);
(async () => {
  wasm.setWasmPaths(workerData.wasmDir);
  await tf.setBackend('wasm');
  await tf.ready();
  const json = JSON.parse(readFileSync(workerData.model, 'utf8'));
  const weights = readFileSync(workerData.weights);
  const model = await tf.loadLayersModel(tf.io.fromMemory({
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  }));
  parentPort.on('message', ({ width, height, data }) => {
    try {
      const out = tf.tidy(() => {
        const input = tf.tensor4d(Float32Array.from(data), [1, height, width, 3]);
        return model.predict(input).clipByValue(0, 255).round().squeeze();
      });
      const [outHeight, outWidth] = out.shape;
      const bytes = Uint8Array.from(out.dataSync());
      out.dispose();
      parentPort.postMessage({ type: 'tile', width: outWidth, height: outHeight, data: bytes }, [bytes.buffer]);
    } catch (error) {
      parentPort.postMessage({ type: 'error', message: String(error && error.message || error) });
    }
  });
  parentPort.postMessage({ type: 'ready' });
})().catch((error) => parentPort.postMessage({ type: 'error', message: String(error && error.message || error) }));
`;

type WorkerAnswer =
  | { type: 'ready' }
  | { type: 'tile'; width: number; height: number; data: Uint8Array }
  | { type: 'error'; message: string };

/** The files of one model of `@upscalerjs/esrgan-slim` (its package exports no package.json: go up from main). */
const modelFiles = (scale: number) => {
  const root = require.resolve('@upscalerjs/esrgan-slim').split(`${join('/', 'dist')}/`)[0]!;
  return {
    model: join(root, 'models', `x${scale}`, 'model.json'),
    weights: join(root, 'models', `x${scale}`, 'group1-shard1of1.bin'),
  };
};

const ESRGAN_SCALES = [2, 3, 4, 8] as const;

/** A worker thread holding one model, answering one tile at a time; terminated when the run ends. */
const startModel = async (scale: number, signal: AbortSignal) => {
  const wasm = require.resolve('@tensorflow/tfjs-backend-wasm');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { tfjs: require.resolve('@tensorflow/tfjs'), wasm, wasmDir: `${dirname(wasm)}/`, ...modelFiles(scale) },
  });
  let pending: { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void } | null = null;
  const fail = (error: Error) => {
    pending?.reject(error);
    pending = null;
  };
  worker.on('message', (answer: WorkerAnswer) => {
    const waiting = pending;
    pending = null;
    waiting?.resolve(answer);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`upscale worker exited (${code})`)));
  const onAbort = () => {
    fail(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    void worker.terminate();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  const next = () =>
    new Promise<WorkerAnswer>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason as Error);
      pending = { resolve, reject };
    });
  const answer = (value: WorkerAnswer) => {
    if (value.type === 'error') throw new Error(`upscale worker: ${value.message}`);
    return value;
  };
  answer(await next());
  return {
    async predict(region: RgbImage): Promise<RgbImage> {
      const reply = next();
      worker.postMessage({ width: region.width, height: region.height, data: region.data });
      const tile = answer(await reply);
      if (tile.type !== 'tile') throw new Error('upscale worker: unexpected answer');
      return { data: tile.data, width: tile.width, height: tile.height };
    },
    async close() {
      signal.removeEventListener('abort', onAbort);
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
};

/**
 * Input side of one tile; each tile also carries OVERLAP pixels of its neighbours on every side. The model's
 * twelve 3×3 convolutions see 12 pixels around each pixel, so a margin of 12 makes the seams exact. What holds
 * the memory is the worker's WASM heap, which grows to the largest tile's activations and never shrinks (a
 * worker's resourceLimits do not cap it): it follows the tile's output side, so the input side is 512 / scale
 * (×2: 256, ×4: 128, ×8: 64). A ×4 run of 1024² (→ 4096²) peaked at +700 MB over the process at rest with
 * 256-pixel tiles, +280 MB with 128 (bench/upscale-measure.mjs); the margins' extra work grows from 20 % to 40 %.
 * The worker ends with its run, so the heap goes back when the run does.
 */
export const tileSizeFor = (scale: number) => Math.max(64, Math.round(512 / scale));
export const OVERLAP = 12;

/** Raw RGB of an encoded picture (alpha dropped onto white), within the upload decode limits. */
export const decodeRgb = async (image: Buffer): Promise<RgbImage> => {
  const { data, info } = await sharp(image, { limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
};

/** Runs one at a time in this process: two models at once would double the memory for no gain on few cores. */
let slot: Promise<unknown> = Promise.resolve();
const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
  const run = slot.then(work, work);
  slot = run.catch(() => undefined);
  return run;
};

/** Upscales RGB with the ESRGAN model of that scale, tile by tile in a worker thread. */
export const esrganUpscaleRgb = (
  image: RgbImage,
  scale: number,
  options: {
    signal: AbortSignal;
    onTile?: (done: number) => Promise<void> | void;
    tileSize?: number;
    overlap?: number;
  },
): Promise<RgbImage> =>
  oneAtATime(async () => {
    const model = await startModel(scale, options.signal);
    try {
      return await upscaleTiled(image, scale, (region) => model.predict(region), {
        tileSize: options.tileSize ?? tileSizeFor(scale),
        overlap: options.overlap ?? OVERLAP,
        onTile: options.onTile,
      });
    } finally {
      await model.close();
    }
  });

/**
 * The built-in offline upscaler: ESRGAN (`@upscalerjs/esrgan-slim`, MIT, weights inside the package) on
 * TensorFlow.js's WASM backend, in a worker thread so the event loop stays free.
 */
export const createEsrganUpscaler = (timeoutMs = 10 * 60_000): Upscaler => ({
  name: 'esrgan-slim',
  offline: true,
  timeoutMs,
  async upscale(image: Buffer, scale: number, run: UpscaleRun) {
    if (!(ESRGAN_SCALES as readonly number[]).includes(scale)) throw new Error(`upscale: no ×${scale} model`);
    await run.progress(5, 'loading');
    const rgb = await decodeRgb(image);
    const out = await esrganUpscaleRgb(rgb, scale, {
      signal: run.signal,
      onTile: (done) => run.progress(5 + Math.floor(done * 85), 'upscaling'),
    });
    return sharp(out.data, { raw: { width: out.width, height: out.height, channels: 3 } })
      .png({ compressionLevel: 3 })
      .toBuffer();
  },
});
