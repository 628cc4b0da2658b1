import sharp from 'sharp';

/** A multipart body with one file part per entry. */
export const multipart = (files: { field: string; name: string; type: string; data: Buffer }[]) => {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
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
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 35, g: 132, b: 245 } } })
    .png()
    .toBuffer();
