// What the page benches share in their reports: sizes in KB, each page's first-screen files, the results files.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'results');

/** KB with one decimal. */
export const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The "first-screen files" section of each page. */
export const firstScreenSections = (results) =>
  Object.entries(results).flatMap(([name, r]) => [
    `## ${name}: first-screen files`,
    '',
    ...r.files.map((f) => `- \`${f.file}\` ${kb(f.transferBytes)} KB transferred (${kb(f.bytes)} KB)`),
    '',
  ]);

/** Writes `bench/results/<name>.json` and `<name>.md`. */
export const writeResults = (name, report, md) => {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, `${name}.md`), `${md}\n`);
  console.log(`wrote bench/results/${name}.json and ${name}.md`);
};
