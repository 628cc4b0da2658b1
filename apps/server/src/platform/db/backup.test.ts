import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError, testConfig } from '../../config.js';
import { users } from '../../schema.js';
import { backupDataDir, restoreDataDir } from './backup.js';

const root = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run backup / npm run restore', () => {
  it('round trip: what the backup held comes back, what happened after it is gone, the old state is kept aside', async () => {
    const dataDir = path.join(root, 'data');
    const archive = path.join(root, 'backups', 'one.tar.gz');
    const config = testConfig({ DATA_DIR: dataDir, PGLITE_IN_MEMORY: false });
    const nickname = async (app: Awaited<ReturnType<typeof buildApp>>) =>
      (
        await app.platform.db
          .select({ nickName: users.nickName })
          .from(users)
          .where(eq(users.account, 'demo'))
      )[0]?.nickName;

    let app = await buildApp(config);
    await app.platform.db.update(users).set({ nickName: '备份之前' }).where(eq(users.account, 'demo'));
    await app.platform.storage.backend.put(
      'avatars/kept.png',
      'public',
      Buffer.from('avatar bytes'),
      'image/png',
    );
    // A running server holds DATA_DIR: backup refuses rather than copy a database in use.
    const refused = await backupDataDir(dataDir, archive).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toMatch(
      /already in use by another server .*: stop the server, then run this again$/,
    );
    await app.close();

    expect(await backupDataDir(dataDir, archive)).toBe(archive);

    app = await buildApp(config);
    await app.platform.db.update(users).set({ nickName: '备份之后' }).where(eq(users.account, 'demo'));
    await app.platform.storage.backend.delete('avatars/kept.png', 'public');
    await app.close();

    const aside = await restoreDataDir(dataDir, archive);
    expect(existsSync(path.join(aside, 'pglite'))).toBe(true);
    app = await buildApp(config);
    try {
      expect(await nickname(app)).toBe('备份之前');
      expect(readFileSync(path.join(dataDir, 'uploads', 'avatars', 'kept.png'), 'utf8')).toBe('avatar bytes');
    } finally {
      await app.close();
    }
  }, 180_000);

  it('refuses a file that is not a backup, leaving DATA_DIR as it was', async () => {
    const dataDir = path.join(root, 'untouched');
    const notBackup = path.join(root, 'not-a-backup.tar.gz');
    const { spawnSync } = await import('node:child_process');
    spawnSync('tar', ['-czf', notBackup, '-C', root, 'backups']);
    const error = await restoreDataDir(dataDir, notBackup).catch((e: unknown) => e);
    expect((error as Error).message).toBe(`${notBackup} is not a backup made by npm run backup`);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });
});
