import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stopWordsFileSchema, type StopWordsFile } from '@app/contract';
import { STOP_WORDS } from '../../platform/censor/stop-words.js';

/** Where the static host serves it: `/static/sensitive-stop-words.json` (spec §7). */
export const STOP_WORDS_FILE = fileURLToPath(
  new URL('../../../static/sensitive-stop-words.json', import.meta.url),
);

/**
 * The static file's content, generated from the censor module's STOP_WORDS so server and web skip exactly
 * the same filler characters. `version` is a hash of the list. Regenerate with
 * `npx tsx src/modules/censor/stop-words-file.ts` (a test fails while the file is stale).
 */
export const stopWordsFileContent = (): string => {
  const words = [...STOP_WORDS];
  const version = createHash('sha256').update(JSON.stringify(words)).digest('hex').slice(0, 12);
  const file: StopWordsFile = stopWordsFileSchema.parse({ version, words });
  return `${JSON.stringify(file, null, 2)}\n`;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(STOP_WORDS_FILE, stopWordsFileContent());
  console.log(`wrote ${STOP_WORDS_FILE}`);
}
