import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildPlatform } from '../build-platform.js';
import { testConfig } from '../config.js';
import { waitFor } from '../test/wait.js';
import { makeWorkDir, releaseWorkDir, sweepWorkDirs } from './work-dirs.js';

/** When a process started, as /proc says (what a work folder's name records). */
const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};

/** A process standing for a job runner elsewhere: alive until killed. */
const runner = (): ChildProcess => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);

/** Work folders of a job of process `pid`, as makeWorkDir names them, with a file in each. */
const foldersOf = (pid: number, dataTmp: string, systemTmp: string) => {
  const owner = `${pid}.${startOf(pid)}`;
  const dirs = [
    path.join(dataTmp, `video-7-${owner}-0a1b2c3d`),
    path.join(dataTmp, `scene-3-${owner}-4e5f6a7b`),
    path.join(systemTmp, `align-${owner}-8c9d0e1f`),
  ];
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'part.h264'), Buffer.alloc(1024));
  }
  return dirs;
};

/** Issue 39.4: work folders no running job owns are removed, at start-up and by the recurring sweep. */
describe('work folders left by crashed jobs', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'work-dirs-test-'));
  const dataTmp = path.join(root, 'data', 'tmp');
  const systemTmp = path.join(root, 'system-tmp');
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a running process’s folders are kept; once it is killed (-9) the sweep removes them', async () => {
    const child = runner();
    children.push(child);
    await waitFor(() => existsSync(`/proc/${child.pid}/stat`));
    const dirs = foldersOf(child.pid!, dataTmp, systemTmp);
    expect(await sweepWorkDirs([dataTmp, systemTmp])).toEqual([]);
    expect(dirs.every((d) => existsSync(d))).toBe(true);

    child.kill('SIGKILL');
    await waitFor(() => child.exitCode !== null || child.signalCode !== null);
    expect((await sweepWorkDirs([dataTmp, systemTmp])).sort()).toEqual([...dirs].sort());
    expect(dirs.some((d) => existsSync(d))).toBe(false);
  });

  it('this process’s folder is kept while its job works in it; a folder of the old naming only after an hour', async () => {
    const mine = await makeWorkDir(dataTmp, 'video-12');
    const oldFresh = path.join(dataTmp, 'video-5-1a2b3c4d');
    const oldStale = path.join(systemTmp, 'align-Xy12Zq');
    const notOurs = path.join(dataTmp, 'uploads-in-progress');
    for (const dir of [oldFresh, oldStale, notOurs]) mkdirSync(dir, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(oldStale, twoHoursAgo, twoHoursAgo);

    expect(await sweepWorkDirs([dataTmp, systemTmp])).toEqual([oldStale]);
    expect([mine, oldFresh, notOurs].every((d) => existsSync(d))).toBe(true);
    await releaseWorkDir(mine);
    expect(existsSync(mine)).toBe(false);
  });

  it('start-up removes the folders of a job killed before the restart, in DATA_DIR/tmp and the system temp dir', async () => {
    const dataDir = path.join(root, 'restart');
    const child = runner();
    children.push(child);
    await waitFor(() => existsSync(`/proc/${child.pid}/stat`));
    const dirs = foldersOf(child.pid!, path.join(dataDir, 'tmp'), tmpdir());
    child.kill('SIGKILL');
    await waitFor(() => child.exitCode !== null || child.signalCode !== null);

    const { close } = await buildPlatform(testConfig({ DATA_DIR: dataDir }));
    try {
      await waitFor(() => dirs.every((d) => !existsSync(d)));
    } finally {
      await close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
