import { crc32 } from 'node:zlib';
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
