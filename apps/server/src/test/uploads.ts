import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A multipart body with one file part per entry, after the text `fields` if any. */
export const multipart = (
  files: { field: string; name: string; type: string; data: Buffer }[],
  fields: Record<string, string> = {},
) => {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const textParts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...textParts, ...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** A multipart body with text fields and files, as a browser's FormData sends it. */
export const formData = async (
  fields: Record<string, string | { name: string; type: string; data: Buffer }>,
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
};

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 35, g: 132, b: 245 } } })
    .png()
    .toBuffer();

/**
 * A PNG whose structure is valid (signature, IHDR, chunk CRCs) but whose pixel rows are garbage:
 * the image library reads its size and fails only when it decodes the rows.
 */
export const pngWithCorruptRows = async (width = 64, height = 64) => {
  const out = Buffer.from(await png(width, height));
  for (let offset = 8; offset < out.length;) {
    const length = out.readUInt32BE(offset);
    const dataStart = offset + 8;
    if (out.toString('ascii', offset + 4, dataStart) === 'IDAT') {
      // Keep the 2-byte zlib header so the stream still looks like deflate; garble the rest.
      for (let i = dataStart + 2; i < dataStart + length; i++) out[i] = out[i]! ^ 0x5a;
      out.writeUInt32BE(crc32(out.subarray(offset + 4, dataStart + length)) >>> 0, dataStart + length);
    }
    offset = dataStart + length + 4;
  }
  return out;
};

const u16 = (n: number) => [n & 255, (n >> 8) & 255];

/**
 * A decode bomb, written byte by byte: a GIF whose logical screen is `width`×`height` with `frames` frames of one
 * pixel each (1920×1080 × 120 frames is 2.8 KB, and decodes to ~1 GB of pixels).
 */
export const gifBomb = (width = 1920, height = 1080, frames = 120): Buffer => {
  const bytes = [
    ...Buffer.from('GIF89a'),
    ...u16(width),
    ...u16(height),
    0x80, // global colour table of 2 entries
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    // NETSCAPE2.0 loop extension: an animation.
    ...[0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0],
  ];
  for (let i = 0; i < frames; i++) {
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0); // graphic control: 0.1 s
    bytes.push(0x2c, ...u16(i % width), ...u16(0), ...u16(1), ...u16(1), 0); // a 1×1 frame
    bytes.push(2, 2, 0x44, 0x01, 0); // LZW (min code 2): clear, colour 0, end
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
};

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
  return out;
};

/** A PNG of a few dozen bytes whose header declares `width`×`height` (its pixel data is far too short). */
export const pngHeaderOnly = (width: number, height: number): Buffer => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};
