// Prints the web app's import graph between its layers: app/, shared/, each features/<area>/ and test/, with
// the import lines that cross a wall (a feature importing another feature or app/, shared/ importing a feature
// or app/). Usage: node scripts/web-module-graph.mjs [--files] [--tests] [src directory]
// (--files lists every crossing line; --tests counts test files too, which may render the real app).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const root = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(import.meta.dirname, '../apps/web/src'));
const withTests = args.includes('--tests');
const isTest = (file) => /\.test\.tsx?$/.test(file) || path.relative(root, file).startsWith(`test${path.sep}`);

const listFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });

/** `app`, `shared`, `test`, `feature:<area>` or `root` (main.tsx …) for a file under src. */
const layerOf = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'features') return `feature:${rel[1]}`;
  return ['app', 'shared', 'test'].includes(rel[0]) ? rel[0] : 'root';
};
const crossesWall = (from, to) =>
  (from.startsWith('feature:') && (to.startsWith('feature:') || to === 'app')) ||
  (from === 'shared' && (to.startsWith('feature:') || to === 'app'));

const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g;
const edges = new Map();
const crossings = [];
for (const file of listFiles(root)) {
  if (!withTests && isTest(file)) continue;
  const from = layerOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const to = layerOf(path.resolve(path.dirname(file), match[1]));
    if (to === from) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
    if (crossesWall(from, to)) crossings.push(`${path.relative(root, file)} -> ${match[1]}`);
  }
}

console.log(`web import graph of ${path.relative(process.cwd(), root) || '.'}${withTests ? ' (tests included)' : ''}`);
for (const [key, count] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
  const [from, to] = key.split(' -> ');
  console.log(`${crossesWall(from, to) ? '!' : ' '} ${key} (${count})`);
}
console.log(`import lines crossing a wall: ${crossings.length}`);
if (args.includes('--files')) for (const line of crossings) console.log(`  ${line}`);
