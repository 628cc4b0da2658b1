import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../audio.js';

/**
 * A tiny sherpa-onnx model made here, for tests: no model is shipped or downloaded, and a real Mandarin
 * model is hundreds of MB. It is a TDNN-CTC model (sherpa-onnx's `tdnn` type: 23 log-mel bins in, log
 * probabilities of `<blk>`, 低, 高 out) whose weights are set by hand instead of trained: frames loud around
 * 300 Hz say 低, frames loud around 3 kHz say 高, silence is blank. So it "transcribes" a clip of tones, through
 * the real runtime: ffmpeg decoding, sherpa-onnx's features, the ONNX session, CTC decoding and token times.
 *
 * The ONNX file is written as its protobuf (onnx.proto field numbers) without any ONNX library.
 */

const FEATURES = 23;
const TOKENS = ['<blk>', '低', '高'];
/** Mel bins of the 23 from 20 Hz to 8 kHz around 300 Hz and around 3 kHz. */
const LOW_BINS = [2, 3, 4];
const HIGH_BINS = [14, 15, 16];

const varint = (value: number): Buffer => {
  let v = BigInt(value);
  if (v < 0n) v += 1n << 64n;
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return Buffer.from(out);
};
const int = (field: number, value: number) => Buffer.concat([varint(field << 3), varint(value)]);
const bytes = (field: number, value: Buffer | string) => {
  const buf = typeof value === 'string' ? Buffer.from(value) : value;
  return Buffer.concat([varint((field << 3) | 2), varint(buf.length), buf]);
};
const msg = (...parts: Buffer[]) => Buffer.concat(parts);

/** ValueInfoProto of a float tensor; string dimensions are symbolic. */
const floatInput = (name: string, dims: (number | string)[]) =>
  msg(
    bytes(1, name),
    bytes(
      2,
      bytes(
        1,
        msg(
          int(1, 1),
          bytes(2, msg(...dims.map((d) => bytes(1, typeof d === 'number' ? int(1, d) : bytes(2, d))))),
        ),
      ),
    ),
  );
const floatTensor = (name: string, dims: number[], values: number[]) => {
  const raw = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => raw.writeFloatLE(v, i * 4));
  return msg(...dims.map((d) => int(1, d)), int(2, 1), bytes(8, name), bytes(9, raw));
};
const node = (op: string, inputs: string[], output: string, attributes: Buffer[] = []) =>
  msg(
    ...inputs.map((i) => bytes(1, i)),
    bytes(2, output),
    bytes(3, `${op}_${output}`),
    bytes(4, op),
    ...attributes,
  );

/** The model's bytes: y = LogSoftmax(x · W + B). */
const tinyCtcModel = (): Buffer => {
  const vocab = TOKENS.length;
  const weights = new Array<number>(FEATURES * vocab).fill(0);
  for (const bin of LOW_BINS) {
    weights[bin * vocab + 1]! += 1 / LOW_BINS.length;
    weights[bin * vocab + 2]! -= 1 / LOW_BINS.length;
  }
  for (const bin of HIGH_BINS) {
    weights[bin * vocab + 2]! += 1 / HIGH_BINS.length;
    weights[bin * vocab + 1]! -= 1 / HIGH_BINS.length;
  }
  // A token needs its bins far louder (e^6) than the other band: silence, MP3 noise and the broad-band
  // clicks where a tone starts or stops stay blank.
  const bias = [0, -6, -6];
  const graph = msg(
    bytes(1, node('MatMul', ['x', 'W'], 'h')),
    bytes(1, node('Add', ['h', 'B'], 'z')),
    bytes(1, node('LogSoftmax', ['z'], 'y', [bytes(5, msg(bytes(1, 'axis'), int(3, -1), int(20, 2)))])),
    bytes(2, 'tiny-ctc'),
    bytes(5, floatTensor('W', [FEATURES, vocab], weights)),
    bytes(5, floatTensor('B', [vocab], bias)),
    bytes(11, floatInput('x', ['N', 'T', FEATURES])),
    bytes(12, floatInput('y', ['N', 'T', vocab])),
  );
  return msg(
    int(1, 8), // ir_version
    bytes(2, 'aichuang-tests'),
    bytes(7, graph),
    bytes(8, msg(bytes(1, ''), int(2, 13))), // opset 13
    bytes(14, msg(bytes(1, 'vocab_size'), bytes(2, String(vocab)))),
  );
};

/** Writes the model directory (`model.onnx`, `tokens.txt`) and answers its path. */
export const writeTinyCtcModel = async (dir: string): Promise<string> => {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'model.onnx'), tinyCtcModel());
  await writeFile(path.join(dir, 'tokens.txt'), TOKENS.map((t, i) => `${t} ${i}\n`).join(''));
  return dir;
};

/** An MP3 of half-second tones (`low` 300 Hz, `high` 3 kHz) starting at the given seconds. */
export const tonesMp3 = async (tones: { at: number; pitch: 'low' | 'high' }[], seconds: number) => {
  const inputs = tones.flatMap((t) => [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${t.pitch === 'low' ? 300 : 3000}:duration=0.5,adelay=${Math.round(t.at * 1000)}`,
  ]);
  const mix = `${tones.map((_, i) => `[${i}]`).join('')}amix=inputs=${tones.length}:normalize=0,apad=whole_dur=${seconds}`;
  return (
    await runFfmpeg(
      [
        ...inputs,
        '-filter_complex',
        mix,
        '-ac',
        '1',
        '-ar',
        '16000',
        '-c:a',
        'libmp3lame',
        '-f',
        'mp3',
        'pipe:1',
      ],
      null,
    )
  ).stdout;
};
