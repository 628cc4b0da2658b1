import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real MP3 of `seconds` of tone (8 kHz mono, 8 kbit/s: an hour fits in 3.6 MB) whose Xing/Info header claims
 * `claimedFrames` frames: ffprobe then reads 0.072 s a frame from the header (60 frames: 4.32 s).
 */
export const lyingMp3 = (seconds: number, claimedFrames = 60): Buffer => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lying-mp3-'));
  try {
    const file = path.join(dir, 'a.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`]
      .concat(['-ac', '1', '-ar', '8000', '-b:a', '8k', file]));
    const data = readFileSync(file);
    const tag = [data.indexOf('Xing'), data.indexOf('Info')].find((i) => i >= 0 && i < 2000);
    if (tag === undefined) throw new Error('ffmpeg wrote no Xing/Info header');
    // Flags (4 bytes), then the frame count when flag 1 is set.
    if (!(data.readUInt32BE(tag + 4) & 1)) throw new Error('the Xing header carries no frame count');
    data.writeUInt32BE(claimedFrames, tag + 8);
    return data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
