// ESLint import resolver for the server's ESM TypeScript: './x.js' in a .ts file names './x.ts'.
// Anything else (packages, other extensions) goes to the Node resolver.
const fs = require('node:fs');
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const isFile = (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile();

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) => {
  if (source.startsWith('.')) {
    const target = path.resolve(path.dirname(file), source);
    const found = [target.replace(/\.js$/, '.ts'), target].find(isFile);
    if (found) return { found: true, path: found };
  }
  return nodeResolver.resolve(source, file, config);
};
