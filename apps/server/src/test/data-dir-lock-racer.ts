/**
 * A child process for the DATA_DIR lock race test: for each `go <dir> <at>` line on stdin it waits until the
 * wall clock reaches <at> (so all racers start together), tries to take the lock and answers `won` or `lost`;
 * `release` lets go of a lock it won.
 */
import { createInterface } from 'node:readline';
import { lockDataDir } from '../platform/db/data-dir.js';

let held: { release(): void } | null = null;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, dir, at] = line.split(' ');
  if (command === 'go') {
    while (Date.now() < Number(at)) {
      // spin: a timer would add its own jitter
    }
    try {
      held = lockDataDir(dir!);
      process.stdout.write('won\n');
    } catch (error) {
      process.stdout.write(`lost ${(error as Error).message.replace(/\n/g, ' ')}\n`);
    }
  } else if (command === 'release') {
    held?.release();
    held = null;
    process.stdout.write('released\n');
  }
});
process.stdout.write('ready\n');
