import path from 'node:path';
import { ConfigError } from './config.js';
import { configOrExit } from './process-lifecycle.js';
import { backupDataDir, restoreDataDir } from './platform/db/backup.js';

/**
 * `npm run backup [file]` and `npm run restore <file>`: the embedded database and the files of DATA_DIR.
 * With DATABASE_URL (PostgreSQL) the database is backed up with pg_dump instead, and files live in S3 or
 * DATA_DIR as the operator set them up.
 */
const main = async () => {
  const [command, file] = process.argv.slice(2);
  const config = configOrExit();
  if (config.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump / pg_restore; npm run backup covers the embedded database',
    );
    process.exit(1);
  }
  const dataDir = path.resolve(config.DATA_DIR);
  // PGlite's dump and load wait on work that holds no handle: keep the process alive until they finish.
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    if (command === 'backup') {
      const archive =
        file ?? path.join('backups', `aichuang-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
      console.log(`backup written: ${await backupDataDir(dataDir, archive)}`);
    } else if (command === 'restore' && file) {
      const aside = await restoreDataDir(dataDir, path.resolve(file));
      console.log(`restored ${file} into ${dataDir}; what was there before is kept in ${aside}`);
    } else {
      console.error('usage: npm run backup [file.tar.gz] | npm run restore <file.tar.gz>');
      process.exit(2);
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  } finally {
    clearInterval(keepAlive);
  }
};

void main();
