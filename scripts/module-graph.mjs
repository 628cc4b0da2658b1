// Prints the server's module import graph: which module imports which (and how many import lines),
// which of those lines reach past a module's public entry (modules/<area>/index.ts), what the platform
// imports from modules, and the module cycles. Usage: node scripts/module-graph.mjs [--files]
// (--files also lists every crossing import line). Tests and test helpers count like any other file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/server/src');
const listFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });

/** `platform`, `module:<area>`, or `root` (app.ts, schema.ts, test/ …) for a file under src. */
const layerOf = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'platform') return 'platform';
  if (rel[0] === 'modules') return `module:${rel[1]}`;
  return 'root';
};
const isPublicEntry = (file) =>
  /^modules\/[^/]+\/index\.ts$/.test(path.relative(root, file).split(path.sep).join('/'));

const importPattern = /^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'/gm;
const crossings = [];
for (const file of listFiles(root)) {
  const from = layerOf(file);
  if (from === 'root') continue;
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const target = path.resolve(path.dirname(file), (match[1] ?? match[2]).replace(/\.js$/, '.ts'));
    const to = layerOf(target);
    if (to === from || !to.startsWith('module:')) continue;
    crossings.push({
      file: path.relative(root, file),
      from,
      to,
      target: path.relative(root, target),
      internal: !isPublicEntry(target),
    });
  }
}

const edges = new Map();
for (const c of crossings) {
  const key = `${c.from} → ${c.to}`;
  const edge = edges.get(key) ?? { lines: 0, internal: 0 };
  edge.lines += 1;
  if (c.internal) edge.internal += 1;
  edges.set(key, edge);
}

// Module cycles: strongly connected components of the module → module graph (Tarjan).
const graph = new Map();
for (const c of crossings) {
  if (!c.from.startsWith('module:')) continue;
  if (!graph.has(c.from)) graph.set(c.from, new Set());
  graph.get(c.from).add(c.to);
}
const index = new Map(),
  low = new Map(),
  stack = [],
  onStack = new Set(),
  cycles = [];
let counter = 0;
const visit = (node) => {
  index.set(node, counter);
  low.set(node, counter);
  counter += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of graph.get(node) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
  }
  if (low.get(node) === index.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.map((m) => m.slice(7)).sort());
  }
};
for (const node of graph.keys()) if (!index.has(node)) visit(node);

console.log('importer → imported: import lines (of which past the public entry)');
for (const [key, edge] of [...edges].sort(([a], [b]) => a.localeCompare(b)))
  console.log(
    `  ${key.replace(/module:/g, '')}: ${edge.lines}${edge.internal ? ` (${edge.internal} internal)` : ''}`,
  );
const moduleCrossings = crossings.filter((c) => c.from.startsWith('module:'));
const platformCrossings = crossings.filter((c) => c.from === 'platform');
console.log(
  `\nmodule → other module: ${moduleCrossings.length} import lines in ${new Set(moduleCrossings.map((c) => c.file)).size} files, ` +
    `${moduleCrossings.filter((c) => c.internal).length} past a public entry`,
);
console.log(`platform → module: ${platformCrossings.length} import lines`);
console.log(`module cycles: ${cycles.length ? cycles.map((c) => c.join(' ↔ ')).join('; ') : 'none'}`);
if (process.argv.includes('--files')) {
  console.log('\ncrossing import lines:');
  for (const c of crossings) console.log(`  ${c.file} → ${c.target}${c.internal ? '' : ' (public entry)'}`);
}
