import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi.js';

const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.0, every reference resolving inside the document', async () => {
    const doc = buildOpenApi();
    // The parser dereferences in place: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(JSON.stringify(doc)).not.toContain('#/definitions/');
  });

  it('generates a typed client (openapi-typescript) that type-checks and describes real calls', async () => {
    const source = astToString(await openapiTS(buildOpenApi() as never));
    writeFileSync(join(dir, 'api.d.ts'), source);
    // A caller of the generated types: a login body and a dictionary item's recursive JSON value.
    writeFileSync(
      join(dir, 'caller.ts'),
      [
        "import type { paths } from './api';",
        "type Login = paths['/api/sysAuth/login']['post']['requestBody']['content']['application/json'];",
        "export const login: Login = { account: '13800000000', password: 'demo123456' };",
        '// @ts-expect-error a login without its password is not a valid body',
        "export const incomplete: Login = { account: '13800000000' };",
        "type Answer = paths['/api/sysAuth/login']['post']['responses'][200]['content']['application/json'];",
        "export const code: Answer['code'] = 200;",
        '',
      ].join('\n'),
    );
    const program = ts.createProgram([join(dir, 'caller.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
