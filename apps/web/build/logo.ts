import { deflateSync } from 'node:zlib';

/**
 * The app logo, generated: a rounded square with a diagonal gradient and a white four-point sparkle
 * (two quadratic curves per point, i.e. the curve sqrt|x| + sqrt|y| = sqrt r), plus a small sparkle.
 * The same shape is written as SVG and rasterised to PNG so no image tool is needed at build time.
 */
const hex = (c: string): [number, number, number] => [
  parseInt(c.slice(1, 3), 16),
  parseInt(c.slice(3, 5), 16),
  parseInt(c.slice(5, 7), 16),
];

const sparklePath = (cx: number, cy: number, r: number): string =>
  `M${cx} ${cy - r}Q${cx} ${cy} ${cx + r} ${cy}Q${cx} ${cy} ${cx} ${cy + r}Q${cx} ${cy} ${cx - r} ${cy}Q${cx} ${cy} ${cx} ${cy - r}Z`;

export const logoSvg = (colors: [string, string]): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">` +
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/>` +
  `<stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>` +
  `<rect width="512" height="512" rx="112" fill="url(#g)"/>` +
  `<path d="${sparklePath(236, 276, 150)}" fill="#fff"/>` +
  `<path d="${sparklePath(370, 138, 58)}" fill="#fff" fill-opacity=".85"/></svg>`;

const inSparkle = (x: number, y: number, cx: number, cy: number, r: number): boolean =>
  Math.sqrt(Math.abs(x - cx)) + Math.sqrt(Math.abs(y - cy)) <= Math.sqrt(r);

const inRoundedRect = (x: number, y: number, size: number, radius: number): boolean => {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
};

/** Full-bleed variant (maskable icons must fill the square) or rounded (regular icons). */
export const logoPng = (colors: [string, string], size: number, maskable = false): Buffer => {
  const [a, b] = [hex(colors[0]), hex(colors[1])];
  const scale = 512 / size;
  const samples = [0.25, 0.75];
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let py = 0; py < size; py += 1) {
    const row = py * (size * 4 + 1);
    raw[row] = 0;
    for (let px = 0; px < size; px += 1) {
      let cover = 0;
      let white = 0;
      let whiteAlpha = 0;
      for (const sy of samples) {
        for (const sx of samples) {
          // Maskable icons keep the drawing inside the 80% safe zone.
          const k = maskable ? 1 / 0.8 : 1;
          const x = ((px + sx) * scale - 256) * k + 256;
          const y = ((py + sy) * scale - 256) * k + 256;
          if (maskable || inRoundedRect(x, y, 512, 112)) cover += 1;
          if (inSparkle(x, y, 236, 276, 150)) white += 1;
          else if (inSparkle(x, y, 370, 138, 58)) whiteAlpha += 1;
        }
      }
      const n = samples.length ** 2;
      const t = Math.min(1, Math.max(0, ((px / size) + (py / size)) / 2));
      const base = [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t);
      const w = (white + whiteAlpha * 0.85) / n;
      const o = row + 1 + px * 4;
      for (let i = 0; i < 3; i += 1) raw[o + i] = Math.round(base[i]! * (1 - w) + 255 * w);
      raw[o + 3] = Math.round((cover / n) * 255);
    }
  }
  return encodePng(size, size, raw);
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const encodePng = (width: number, height: number, raw: Buffer): Buffer => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
