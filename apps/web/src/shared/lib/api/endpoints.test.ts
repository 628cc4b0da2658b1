import { endpoints as contractEndpoints } from '@app/contract';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';

const srcDir = join(import.meta.dirname, '..', '..', '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

describe('endpoint registry for the web app', () => {
  it('has every contract endpoint with its method and path', () => {
    for (const [name, endpoint] of Object.entries(contractEndpoints)) {
      const local = endpoints[name as keyof typeof endpoints];
      expect(local.method).toBe(endpoint.method);
      expect(local.path).toBe(endpoint.path);
    }
  });

  it('is imported from shared/lib/api/endpoints, never as a value from the contract (which would ship zod)', () => {
    const offenders = files(srcDir).filter((file) =>
      /import\s*\{[^}]*\bendpoints\b[^}]*\}\s*from\s*'@app\/contract'/.test(readFileSync(file, 'utf8').replace(/import type[^;]+;/g, '')),
    );
    expect(offenders).toEqual([]);
  });
});
