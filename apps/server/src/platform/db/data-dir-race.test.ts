import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const racerEntry = fileURLToPath(new URL('../../test/data-dir-lock-racer.ts', import.meta.url));
const RACERS = 20;
const ROUNDS = 30;

interface Racer {
  child: ChildProcess;
  next(): Promise<string>;
}

const startRacer = (): Racer => {
  const child = spawn(process.execPath, ['--import', 'tsx', racerEntry], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((line: string) => void)[] = [];
  const queued: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const resolve = waiting.shift();
    if (resolve) resolve(line);
    else queued.push(line);
  });
  return {
    child,
    next: () =>
      new Promise((resolve) => {
        const line = queued.shift();
        if (line !== undefined) resolve(line);
        else waiting.push(resolve);
      }),
  };
};

const racers: Racer[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < RACERS; i++) racers.push(startRacer());
  for (const racer of racers) expect(await racer.next()).toBe('ready');
}, 120_000);

afterAll(() => {
  for (const racer of racers) racer.child.kill();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR lock under simultaneous starts', () => {
  it(`${RACERS} processes taking the lock of a fresh DATA_DIR at the same instant: exactly one wins, ${ROUNDS} rounds in a row, also when a dead server's lock is in the way`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = mkdtempSync(path.join(tmpdir(), 'data-dir-race-'));
      dirs.push(dir);
      // Every other round starts over a lock left by a process that died (pid above Linux's pid_max), so the
      // racers also race to take over the stale lock.
      if (round % 2 === 1)
        writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: 4194305, startTime: '1' }));
      const at = Date.now() + 150;
      for (const racer of racers) racer.child.stdin!.write(`go ${dir} ${at}\n`);
      const answers = await Promise.all(racers.map((racer) => racer.next()));
      const winners = answers.filter((answer) => answer === 'won').length;
      const losers = answers.filter((answer) => answer.startsWith('lost '));
      expect({ round, winners }).toEqual({ round, winners: 1 });
      for (const loser of losers) expect(loser).toMatch(/is already in use by another server \(pid \d+\)/);
      for (const racer of racers) racer.child.stdin!.write('release\n');
      for (const racer of racers) expect(await racer.next()).toBe('released');
      // Nothing is left behind: no temporary files, no takeover tokens, no lock.
      expect(readdirSync(dir)).toEqual([]);
    }
  }, 300_000);
});
