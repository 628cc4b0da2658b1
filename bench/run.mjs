// `npm run bench`: runs every bench/*.bench.mjs in turn; each writes its results to bench/results/.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => !only || f.startsWith(only))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n▶ bench ${file}`);
  const result = spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`✗ ${file} exited with ${result.status}`);
  }
}
console.log(`\n${files.length - failed}/${files.length} benchmarks finished; results in bench/results/`);
process.exit(failed ? 1 : 0);
