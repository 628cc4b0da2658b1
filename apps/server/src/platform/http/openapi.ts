import { createHash } from 'node:crypto';
import { APP_VERSION, endpoints, type Endpoint } from '@app/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Rewrites every `$ref` in a schema through `rename`, in place. */
const renameRefs = (node: unknown, rename: (ref: string) => string): void => {
  if (Array.isArray(node)) for (const item of node) renameRefs(item, rename);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string') record.$ref = rename(record.$ref);
    for (const value of Object.values(record)) renameRefs(value, rename);
  }
};

/** True for zod's rendering of the contract's `jsonValueSchema`: any of string, number, boolean, null, array, object. */
const isJsonValue = (definition: JsonSchema) => {
  const kinds = ((definition.anyOf ?? []) as JsonSchema[]).map((option) => option.type).sort();
  return kinds.join() === ['array', 'boolean', 'number', 'object', 'string', 'string'].join();
};

/** Any JSON value: open, as generators expect (a self-referencing union makes client types circular). */
const JSON_VALUE: JsonSchema = { description: 'Any JSON value', nullable: true };

/**
 * Converts a contract schema for the document. zod writes a recursive schema (the JSON value of a dictionary
 * item or a setting) as a local `definitions` entry with a `#/definitions/__schema0` reference, which OpenAPI 3
 * cannot resolve: such entries move to `components.schemas` (`shared`), the JSON value as `JsonValue`, any
 * other named by its content so the same schema met again under a different local name is stored once.
 */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output', shared: Record<string, JsonSchema>) => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
  const local = (json.definitions ?? json.$defs) as Record<string, JsonSchema> | undefined;
  if (!local) return json;
  delete json.definitions;
  delete json.$defs;
  const names = new Map<string, string>();
  for (const key of Object.keys(local)) {
    const hash = createHash('sha1').update(JSON.stringify(local[key])).digest('hex').slice(0, 8);
    names.set(
      key,
      isJsonValue(local[key]!) ? 'JsonValue' : key.startsWith('__schema') ? `Recursive_${hash}` : key,
    );
  }
  const rename = (ref: string) => {
    const key = ref.replace(/^#\/(definitions|\$defs)\//, '');
    return names.has(key) ? `#/components/schemas/${names.get(key)}` : ref;
  };
  renameRefs(json, rename);
  for (const [key, definition] of Object.entries(local)) {
    const name = names.get(key)!;
    renameRefs(definition, rename);
    shared[name] = name === 'JsonValue' ? JSON_VALUE : definition;
  }
  return json;
};

const envelopeOf = (result: Record<string, unknown>) => ({
  type: 'object',
  required: ['code', 'type', 'message', 'result', 'extras', 'time'],
  properties: {
    code: { type: 'integer', example: 200 },
    type: { type: 'string', enum: ['success', 'error', 'warning'] },
    message: {
      nullable: true,
      oneOf: [
        { type: 'string' },
        { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      ],
    },
    result,
    extras: { type: 'object', nullable: true, properties: { error: { type: 'string' } } },
    time: { type: 'string', format: 'date-time' },
  },
});

const parametersOf = (endpoint: Endpoint, shared: Record<string, JsonSchema>) => {
  const out: Record<string, unknown>[] = [];
  for (const [location, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const json = jsonSchema(schema, 'input', shared) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({
        name,
        in: location,
        required: location === 'path' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return out;
};

/** OpenAPI 3.0 document generated from the contract registry: the one source of truth. */
export const buildOpenApi = () => {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared: Record<string, JsonSchema> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      parameters: [
        ...parametersOf(endpoint, shared),
        { name: 'TenantId', in: 'header', required: false, schema: { type: 'integer' } },
      ],
      security: endpoint.auth === 'public' ? [] : [{ bearer: [] }],
      'x-auth': endpoint.auth,
      responses: {
        200: {
          description: endpoint.kind === 'sse' ? 'text/event-stream' : 'Envelope with the result',
          content: {
            'application/json': { schema: envelopeOf(jsonSchema(endpoint.result, 'output', shared)) },
          },
        },
      },
    };
    if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: {
          [endpoint.kind === 'multipart' ? 'multipart/form-data' : 'application/json']: {
            schema: jsonSchema(endpoint.body, 'input', shared),
          },
        },
      };
    }
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'AI创作家 API',
      version: APP_VERSION,
      description: 'Every /api/* answer is the envelope { code, type, message, result, extras, time }.',
    },
    components: {
      schemas: shared,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
};

/** A small self-contained API explorer (no CDN): lists operations, shows schemas, and can try a call. */
export const docsPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API explorer</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;background:#f8f8f8;color:#222}
header{background:#2384f5;color:#fff;padding:12px 16px}header input{width:60%;padding:4px}
details{background:#fff;margin:8px 12px;border-radius:8px;padding:8px 12px}
summary{cursor:pointer}code{background:#eef;padding:1px 4px;border-radius:4px}
.m{display:inline-block;min-width:48px;font-weight:700}.GET{color:#0a7}.POST{color:#26f}
pre{background:#f4f4f4;padding:8px;overflow:auto;max-height:320px}textarea{width:100%;height:90px}
</style></head><body>
<header><b>API explorer</b> · <a style="color:#fff" href="/api/openapi.json">openapi.json</a>
<div>Bearer token: <input id="token" placeholder="access token"></div></header>
<main id="list"></main>
<script>
fetch('/api/openapi.json').then(r=>r.json()).then(doc=>{
  const list=document.getElementById('list');
  for(const [path,ops] of Object.entries(doc.paths)) for(const [method,op] of Object.entries(ops)){
    const d=document.createElement('details');
    const s=document.createElement('summary');
    s.innerHTML='<span class="m '+method.toUpperCase()+'"></span> <code></code> ';
    s.querySelector('.m').textContent=method.toUpperCase();
    s.querySelector('code').textContent=path;
    s.append(document.createTextNode(op.summary+' ['+op['x-auth']+']'));
    d.append(s);
    const pre=document.createElement('pre');
    pre.textContent=JSON.stringify({parameters:op.parameters,requestBody:op.requestBody,responses:op.responses},null,2);
    const ta=document.createElement('textarea');ta.placeholder=method==='get'?'query string, e.g. a=1&b=2':'JSON body';
    const btn=document.createElement('button');btn.textContent='Send';
    const out=document.createElement('pre');
    btn.onclick=async()=>{
      const token=document.getElementById('token').value.trim();
      const headers={'Content-Type':'application/json'};if(token)headers.Authorization='Bearer '+token;
      const url=method==='get'&&ta.value?path+'?'+ta.value:path;
      const res=await fetch(url,{method:method.toUpperCase(),headers,body:method==='get'?undefined:(ta.value||'{}')});
      out.textContent=res.status+'\\n'+await res.text();
    };
    d.append(pre,ta,btn,out);list.append(d);
  }
});
</script></body></html>`;
