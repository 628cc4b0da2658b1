import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { PictureScores } from '@app/contract';
import { IMAGE_DECODE_LIMITS } from '../../../platform/storage/image-upload.js';

const require = createRequire(import.meta.url);

/** The model's input side: nsfwjs's MobileNetV2 takes 224×224 RGB. */
export const CLASSIFIER_SIZE = 224;

/**
 * The worker thread's code, evaluated from this string so the same code runs under the test runner and from the
 * built server (as the upscaler's). It loads TensorFlow.js on its WASM backend and nsfwjs's MobileNetV2, whose
 * topology and weights ship inside the package as modules (no network), then answers pictures: 224×224 RGB bytes
 * in, the five class probabilities out (Drawing, Hentai, Neutral, Porn, Sexy: nsfwjs's class order).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const tf = require(workerData.tfjs);
const wasm = require(workerData.wasm);
(async () => {
  wasm.setWasmPaths(workerData.wasmDir);
  await tf.setBackend('wasm');
  await tf.ready();
  const json = require(workerData.model);
  const weights = Buffer.from(require(workerData.weights), 'base64');
  const model = await tf.loadLayersModel(tf.io.fromMemory({
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  }));
  parentPort.on('message', ({ size, data }) => {
    try {
      const out = tf.tidy(() =>
        model.predict(tf.tensor4d(Float32Array.from(data), [1, size, size, 3]).div(255)).squeeze());
      const probabilities = Array.from(out.dataSync());
      out.dispose();
      parentPort.postMessage({ type: 'scores', probabilities });
    } catch (error) {
      parentPort.postMessage({ type: 'error', message: String(error && error.message || error) });
    }
  });
  parentPort.postMessage({ type: 'ready' });
})().catch((error) => parentPort.postMessage({ type: 'error', message: String(error && error.message || error) }));
`;

type WorkerAnswer =
  | { type: 'ready' }
  | { type: 'scores'; probabilities: number[] }
  | { type: 'error'; message: string };

/** The model files inside the nsfwjs package (its exports name no package.json: go up from main). */
const modelFiles = () => {
  const root = join(dirname(require.resolve('nsfwjs')), '..', 'models', 'mobilenet_v2');
  return { model: join(root, 'model.min.js'), weights: join(root, 'group1-shard1of1.min.js') };
};

/** A picture as the classifier takes it: fitted into 224×224 (alpha onto white), raw RGB. */
export const classifierInput = async (image: Buffer | string): Promise<Uint8Array> => {
  const data = await sharp(image, { limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels, animated: false })
    .flatten({ background: '#ffffff' })
    .resize(CLASSIFIER_SIZE, CLASSIFIER_SIZE, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
};

const scoresOf = (p: number[]): PictureScores => ({
  drawing: p[0] ?? 0,
  hentai: p[1] ?? 0,
  neutral: p[2] ?? 0,
  porn: p[3] ?? 0,
  sexy: p[4] ?? 0,
});

/** One running worker: answers one picture at a time. */
const startWorker = () => {
  const wasm = require.resolve('@tensorflow/tfjs-backend-wasm');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { tfjs: require.resolve('@tensorflow/tfjs'), wasm, wasmDir: `${dirname(wasm)}/`, ...modelFiles() },
  });
  let pending: { resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void } | null = null;
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
  worker.on('exit', (code) => fail(new Error(`classifier worker exited (${code})`)));
  const next = () =>
    new Promise<WorkerAnswer>((resolve, reject) => {
      pending = { resolve, reject };
    });
  const ready = next().then((a) => {
    if (a.type === 'error') throw new Error(`classifier worker: ${a.message}`);
  });
  return {
    ready,
    async classify(rgb: Uint8Array): Promise<PictureScores> {
      const reply = next();
      worker.postMessage({ size: CLASSIFIER_SIZE, data: rgb });
      const answer = await reply;
      if (answer.type !== 'scores') throw new Error(`classifier worker: ${answer.type === 'error' ? answer.message : 'unexpected answer'}`);
      return scoresOf(answer.probabilities);
    },
    async close() {
      worker.removeAllListeners('exit');
      fail(new Error('classifier closed'));
      await worker.terminate();
    },
  };
};

export interface NsfwClassifier {
  /** Scores one picture (a file path or its bytes); rejects past the time budget. */
  classify(image: Buffer | string): Promise<PictureScores>;
  /** Whether the model is in memory now. */
  loaded(): boolean;
  /** Releases the model (also done after `idleMs` without pictures). */
  close(): Promise<void>;
}

/**
 * The offline picture classifier: nsfwjs's MobileNetV2 (MIT, weights inside the package) on TensorFlow.js's WASM
 * backend in a worker thread, so the event loop stays free. The model loads on the first picture, stays while
 * pictures arrive and is released after `idleMs` without one (the server at rest holds none of it). A picture
 * that takes longer than `budgetMs` (the model loading included) fails, and the worker is ended.
 */
export const createNsfwClassifier = (options: { idleMs?: number; budgetMs?: number } = {}): NsfwClassifier => {
  const idleMs = options.idleMs ?? 3 * 60_000;
  const budgetMs = options.budgetMs ?? 60_000;
  let current: ReturnType<typeof startWorker> | null = null;
  let idle: NodeJS.Timeout | null = null;
  let slot: Promise<unknown> = Promise.resolve();

  const release = async () => {
    if (idle) clearTimeout(idle);
    idle = null;
    const worker = current;
    current = null;
    await worker?.close();
  };

  const run = async (image: Buffer | string) => {
    if (idle) clearTimeout(idle);
    const rgb = await classifierInput(image);
    const worker = (current ??= startWorker());
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`classifier: over its ${budgetMs} ms budget`)), budgetMs);
    });
    try {
      await Promise.race([worker.ready, overrun]);
      return await Promise.race([worker.classify(rgb), overrun]);
    } catch (error) {
      await release();
      throw error;
    } finally {
      clearTimeout(timer);
      if (current) {
        idle = setTimeout(() => void release(), idleMs);
        idle.unref();
      }
    }
  };

  return {
    classify(image) {
      const result = slot.then(() => run(image));
      slot = result.catch(() => undefined);
      return result;
    },
    loaded: () => current !== null,
    close: release,
  };
};
