import { endpoints, type Endpoint } from '@app/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, drawPrizes, mallItems, payOrders, userCoupons, users } from './schema.js';
import { createTestApp, type TestApp } from './test/build-app.js';
import { bearer, guestToken, tokenFor } from './test/tokens.js';
import { multipart, png, pngWithCorruptRows } from './test/uploads.js';

/**
 * Walks every operation of the contract (the one registry) against the real app:
 * - fuzz: malformed JSON, 10,000-deep JSON, wrong types, huge strings, NUL characters and lone surrogates in every
 *   field, prototype-pollution keys, broken query
 *   and path values and broken multipart files, as a user and as an operator: never a 5xx, an envelope on
 *   every refusal, balances and stock unchanged, nothing polluted;
 * - authorization: each operation with no token, a guest, a user and an operator answers as its `auth` says.
 */
type AnyEndpoint = Endpoint;
const all = Object.entries(endpoints as Record<string, AnyEndpoint>);

// ---- shapes of zod schemas (v4), to build wrong values field by field ----
interface ZodLike {
  _zod: { def: { type: string; innerType?: ZodLike; in?: ZodLike; shape?: Record<string, ZodLike> } };
  shape?: Record<string, ZodLike>;
}
const unwrap = (schema: ZodLike): ZodLike => {
  const def = schema._zod.def;
  if (
    ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type) &&
    def.innerType
  )
    return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
};
const shapeOf = (schema: unknown): Record<string, ZodLike> | null => {
  if (!schema) return null;
  const inner = unwrap(schema as ZodLike);
  return inner._zod.def.type === 'object' ? (inner.shape ?? inner._zod.def.shape ?? null) : null;
};
const wrongValueFor = (field: ZodLike): unknown => {
  switch (unwrap(field)._zod.def.type) {
    case 'string':
      return 12345;
    case 'number':
    case 'int':
    case 'bigint':
      return 'not-a-number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 'not an object';
    default:
      return [[{}]];
  }
};
const isStringField = (field: ZodLike) => unwrap(field)._zod.def.type === 'string';

/** JSON 10,000 levels deep, in arrays (`{"a":[[[…]]]}`) and in objects: refused by the JSON parser itself. */
const deepJson = [
  `{"a":${'['.repeat(9_999)}${']'.repeat(9_999)}}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
];

/** Malformed bodies for an endpoint that takes a JSON body: each one wrong in at least one way. */
const badBodies = (endpoint: AnyEndpoint): string[] => {
  const bodies = ['{"unterminated": ', '[]', '"text"', '123', 'null', '"a\\ud800b"', ...deepJson];
  const shape = shapeOf(endpoint.body);
  if (!shape || !Object.keys(shape).length) return bodies;
  const keys = Object.keys(shape);
  const wrong = Object.fromEntries(keys.map((k) => [k, wrongValueFor(shape[k]!)]));
  bodies.push(JSON.stringify(wrong));
  const stringKeys = keys.filter((k) => isStringField(shape[k]!));
  if (stringKeys.length) {
    bodies.push(
      JSON.stringify({ ...wrong, ...Object.fromEntries(stringKeys.map((k) => [k, 'x'.repeat(200_000)])) }),
    );
    bodies.push(JSON.stringify({ ...wrong, ...Object.fromEntries(stringKeys.map((k) => [k, 'a\u0000b'])) }));
  }
  // Lone UTF-16 surrogates (sent escaped, as JSON.stringify writes them) in every field, inside whatever the
  // field holds (text, a list, an object such as a jsonb setting), and in a key: PostgreSQL stores none of them.
  const surrogateIn = (field: ZodLike): unknown => {
    const type = unwrap(field)._zod.def.type;
    if (type === 'array') return ['a\ud800b'];
    if (type === 'object' || type === 'record') return { k: 'a\ud800b', 'k\udc00': 'x' };
    return 'a\ud800b';
  };
  bodies.push(JSON.stringify(Object.fromEntries(keys.map((k) => [k, surrogateIn(shape[k]!)]))));
  bodies.push(JSON.stringify({ ...wrong, 'end\udfff': 1 }));
  // Prototype pollution, spelled as raw JSON (JSON.stringify would drop a real __proto__ key).
  bodies.push(
    `{"__proto__":{"isAdmin":true,"roles":["admin"],"polluted":1},"constructor":{"prototype":{"polluted":1}},${JSON.stringify(wrong).slice(1)}`,
  );
  return bodies;
};

/** Broken query strings: wrong types for the known keys, huge and malformed values. */
const badQueries = (endpoint: AnyEndpoint): string[] => {
  const shape = shapeOf(endpoint.query) ?? {};
  const keys = Object.keys(shape);
  const wrong = keys.map(
    (k) => `${k}=${unwrap(shape[k]!)._zod.def.type === 'string' ? 'x'.repeat(5000) : 'abc'}`,
  );
  return [
    `?${[...wrong, 'page=-1', 'pageSize=99999999999999999999'].join('&')}`,
    `?${[...keys.map((k) => `${k}=%zz`), 'id=%00'].join('&')}`,
    `?${keys.map((k) => `${k}[]=1&${k}[]=2`).join('&')}`,
    // A surrogate encoded as UTF-8 (not valid UTF-8), a NUL, and a key nested 500 levels deep in brackets.
    `?${[...keys.map((k) => `${k}=a%ED%A0%80b`), 'x=%00', `${'a['.repeat(500)}${']'.repeat(500)}=1`].join('&')}`,
  ];
};

/** Each request from its own address, so per-IP rate limits (which have their own tests) do not answer for it. */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

const fillPath = (path: string, value: string) => path.replace(/\{\w+\}/g, value);
const GOOD_PATH_VALUE = '1';
const badPathValues = ['abc', '-1', '9'.repeat(30), '%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(150)];

const brokenFiles = async () => {
  const good = await png(8, 8);
  return [
    { name: 'truncated.png', type: 'image/png', data: good.subarray(0, good.length / 2) },
    { name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) },
    { name: 'wrong-magic.png', type: 'image/png', data: Buffer.from('GIF89a this is not a png at all') },
    { name: 'corrupt-rows.png', type: 'image/png', data: await pngWithCorruptRows() },
    { name: '../../../../etc/passwd', type: 'image/png', data: Buffer.from('root:x:0:0') },
    { name: '..\\..\\win.ini', type: 'audio/mpeg', data: Buffer.from([0xff, 0xfb, 0x90, 0x00]) },
  ];
};

describe('every operation of the contract', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ BODY_LIMIT_BYTES: 1024 * 1024 });
  }, 120_000);
  afterAll(() => app?.close());

  const holdings = async () => ({
    users: await app.platform.db
      .select({ id: users.id, gold: users.gold, points: users.points, roles: users.roles })
      .from(users)
      .orderBy(asc(users.id)),
    mall: await app.platform.db
      .select({ id: mallItems.id, stock: mallItems.stock })
      .from(mallItems)
      .orderBy(asc(mallItems.id)),
    prizes: await app.platform.db
      .select({ id: drawPrizes.id, stock: drawPrizes.stock })
      .from(drawPrizes)
      .orderBy(asc(drawPrizes.id)),
  });

  /**
   * What is wrong with an answer, or null: never a 5xx (a 503 only where `featureOff` allows it: a well-formed
   * call reaching a feature that is not configured), and every refusal is the envelope with its own status.
   */
  const problemWith = (
    label: string,
    res: { statusCode: number; body: string; headers: Record<string, unknown> },
    featureOff = false,
  ): string | null => {
    const brief = `${label} → ${res.statusCode} ${res.body.slice(0, 160)}`;
    let body: { code?: number; type?: string; extras?: { error?: string } } = {};
    if (res.statusCode >= 400) {
      if (!String(res.headers['content-type']).includes('application/json')) return `${brief} (not JSON)`;
      body = JSON.parse(res.body) as typeof body;
      if (body.code !== res.statusCode || body.type !== 'error') return `${brief} (not the envelope)`;
    }
    const notConfigured = /not_configured|unavailable/.test(body.extras?.error ?? '');
    if (res.statusCode >= 500 && !(featureOff && res.statusCode === 503 && notConfigured)) return brief;
    return null;
  };

  it('fuzz: malformed input as a user and as an operator never answers 5xx, always an envelope, and changes nothing', async () => {
    const before = await holdings();
    const roles = {
      user: bearer(await tokenFor(app, 'demo')),
      operator: bearer(await tokenFor(app, 'admin')),
    };
    const files = await brokenFiles();
    const failures: string[] = [];
    let requests = 0;
    for (const [name, endpoint] of all) {
      for (const [role, auth] of Object.entries(roles)) {
        const send = async (
          label: string,
          url: string,
          payload?: string | Buffer,
          headers: Record<string, string> = {},
        ) => {
          requests++;
          const res = await app.inject({
            method: endpoint.method,
            url,
            payload,
            headers: { ...auth, ...headers },
            remoteAddress: nextAddress(),
          });
          // A body that is certainly invalid must be refused before any feature switch is looked at; a call
          // with no usable body (query and path variants, JSON null) may be well-formed and meet a feature that is off.
          const maybeWellFormed = !label.startsWith('body ') || label === 'body null';
          const problem = problemWith(`${role} ${name} ${label}`, res, maybeWellFormed);
          if (problem) failures.push(problem);
        };
        const base = fillPath(endpoint.path, GOOD_PATH_VALUE);
        for (const value of badPathValues)
          if (endpoint.path.includes('{'))
            await send(`path ${value.slice(0, 20)}`, fillPath(endpoint.path, value));
        for (const query of badQueries(endpoint))
          await send(`query ${query.slice(0, 40)}`, `${base}${query}`);
        if (endpoint.kind === 'multipart') {
          for (const file of files) {
            const form = multipart([{ field: 'file', ...file }]);
            await send(`file ${file.name}`, base, form.payload, form.headers);
          }
          await send(
            'multipart cut short',
            base,
            Buffer.from('--x\r\nContent-Disposition: form-data; name="file"'),
            {
              'content-type': 'multipart/form-data; boundary=x',
            },
          );
        } else if (endpoint.method !== 'GET') {
          // Operations without a body only get malformed JSON (refused by the parser): any other body would run them.
          const bodies = endpoint.body ? badBodies(endpoint) : ['{"unterminated": ', ...deepJson];
          for (const body of bodies)
            await send(`body ${body.slice(0, 40)}`, base, body, { 'content-type': 'application/json' });
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(all.length * 6);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await holdings()).toEqual(before);
  }, 600_000);

  it('authorization: every operation answers as its auth says to no token, a guest, a user and an operator', async () => {
    // Operations that end the caller's session or account, or spend, are not run for callers they admit.
    const sideEffects = new Set([
      '/api/sysAuth/logout',
      '/api/sysUser/fakeDelete',
      '/api/sysDailyCheckin/checkIn',
      '/api/sysDrawPrize/startDraw',
      '/api/sysUserCouponCode/generateCouponCode',
      '/api/sysAuth/visitorLogin',
    ]);
    const callers = {
      none: {},
      guest: bearer(await guestToken(app)),
      user: bearer(await tokenFor(app, 'demo')),
      operator: bearer(await tokenFor(app, 'admin')),
    };
    const admitted: Record<string, (keyof typeof callers)[]> = {
      public: ['none', 'guest', 'user', 'operator'],
      visitor: ['guest', 'user', 'operator'],
      user: ['user', 'operator'],
      admin: ['operator'],
    };
    // Public operations whose default scope is the caller's own items: asked for their public scope here.
    const publicScope: Record<string, string> = { '/api/aiDraw/page': '{"scope":"hall"}' };
    const failures: string[] = [];
    for (const [name, endpoint] of all) {
      const url = fillPath(endpoint.path, GOOD_PATH_VALUE);
      for (const [who, headers] of Object.entries(callers) as [
        keyof typeof callers,
        Record<string, string>,
      ][]) {
        const allowed = admitted[endpoint.auth]!.includes(who);
        if (allowed && sideEffects.has(endpoint.path)) continue;
        const res = await app.inject({
          method: endpoint.method,
          url,
          headers: {
            ...headers,
            ...(endpoint.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          payload: endpoint.method === 'GET' ? undefined : (publicScope[endpoint.path] ?? '{}'),
          remoteAddress: nextAddress(),
        });
        const problem = problemWith(`${who} ${name}`, res, true);
        if (problem) failures.push(problem);
        const status = res.statusCode;
        if (status === 404 && JSON.parse(res.body).extras?.error === 'route_not_found')
          failures.push(`${endpoint.method} ${endpoint.path}: in the contract but not routed`);
        else if (allowed && (status === 401 || status === 403))
          failures.push(
            `${who} ${endpoint.method} ${endpoint.path}: ${status}, but ${endpoint.auth} admits it`,
          );
        else if (!allowed) {
          const expected =
            who === 'none' || (who === 'guest' && endpoint.auth !== 'admin') ? [401] : [401, 403];
          if (!expected.includes(status))
            failures.push(
              `${who} ${endpoint.method} ${endpoint.path}: ${status}, expected ${expected.join('/')}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('ownership: another user naming my draft, order or coupon by id gets 403/404 (or an answer without it) and nothing of mine changes', async () => {
    const mine = bearer(await tokenFor(app, 'demo'));
    const other = bearer(await tokenFor(app, 'demovip'));
    const [owner] = await app.platform.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.account, 'demo'));
    const call = (headers: Record<string, string>, method: string, url: string, body?: unknown) =>
      app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        payload: body === undefined ? undefined : JSON.stringify(body),
        remoteAddress: nextAddress(),
      });
    const secret = `私密草稿-${Date.now()}`;
    const draft = JSON.parse(
      (await call(mine, 'POST', '/api/sysArticle/add', { title: secret, content: secret, isDraft: true }))
        .body,
    ).result as { id: number };
    const packages = JSON.parse((await call(mine, 'GET', '/api/sysGoldPackage/list')).body).result as {
      id: number;
    }[];
    const order = JSON.parse(
      (await call(mine, 'POST', '/api/sysPay/buyGoldPackage', { packageId: packages[0]!.id, payMethod: 1 }))
        .body,
    ).result as { id: number; orderNo: string };
    await app.platform.db.update(users).set({ points: 100000 }).where(eq(users.id, owner!.id));
    const mall = JSON.parse((await call(mine, 'POST', '/api/sysPointsMall/page', {})).body).result as {
      items: { id: number; kind: string }[];
    };
    await call(mine, 'POST', '/api/sysPointsMall/exchange', {
      itemId: mall.items.find((i) => i.kind === 'coupon')!.id,
    });
    const [coupon] = await app.platform.db
      .select()
      .from(userCoupons)
      .where(eq(userCoupons.userId, owner!.id));
    expect([draft.id, order.id, coupon?.id].every((id) => Number.isInteger(id))).toBe(true);

    const snapshot = async () => ({
      articles: await app.platform.db
        .select()
        .from(articles)
        .where(eq(articles.userId, owner!.id))
        .orderBy(asc(articles.id)),
      orders: await app.platform.db
        .select()
        .from(payOrders)
        .where(eq(payOrders.userId, owner!.id))
        .orderBy(asc(payOrders.id)),
      coupons: await app.platform.db
        .select()
        .from(userCoupons)
        .where(eq(userCoupons.userId, owner!.id))
        .orderBy(asc(userCoupons.id)),
    });
    const before = await snapshot();
    const ids = [draft.id, order.id, coupon!.id];
    const idKey = /^(id|ids|[a-z]+Id)$/;
    const leaks: string[] = [];
    let probes = 0;
    for (const [name, endpoint] of all) {
      if (endpoint.auth === 'admin' || endpoint.auth === 'public' || endpoint.kind === 'multipart') continue;
      const keys = [
        ...Object.keys(shapeOf(endpoint.body) ?? {}),
        ...Object.keys(shapeOf(endpoint.query) ?? {}),
      ].filter((k) => idKey.test(k));
      const inPath = endpoint.path.includes('{');
      if (!keys.length && !inPath) continue;
      for (const id of ids) {
        const url = fillPath(endpoint.path, String(id));
        const values = Object.fromEntries(keys.map((k) => [k, k === 'ids' ? [id] : id]));
        const res =
          endpoint.method === 'GET'
            ? await call(
                other,
                'GET',
                `${url}?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))}`,
              )
            : await call(other, endpoint.method, url, values);
        probes++;
        const problem = problemWith(`${name} id ${id}`, res, true);
        if (problem) leaks.push(problem);
        if (res.statusCode < 300 && (res.body.includes(secret) || res.body.includes(order.orderNo)))
          leaks.push(`${name} id ${id}: answered ${res.statusCode} with the owner's data`);
      }
    }
    expect(probes).toBeGreaterThan(30);
    expect(leaks).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 300_000);
});

/**
 * Multipart, hostile (issue 24): NUL and other control characters in file names, and malformed multipart bodies,
 * on every upload operation of the contract, as a user and as an operator: never a 5xx, the envelope on every
 * refusal, and no stored file left without its `sys_file` row.
 */
describe('every multipart operation of the contract, with hostile bodies', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({});
  }, 120_000);
  afterAll(() => app?.close());

  // The multipart operations, and the subtitles task, which takes its audio as multipart or a stored file's id.
  const uploadOperations = all.filter(
    ([name, endpoint]) => endpoint.kind === 'multipart' || name === 'audioToSrtAdd',
  );

  /** Raw bodies for boundary `x`, each malformed in its own way. */
  const malformed = (image: Buffer): [string, string, Buffer][] => {
    const part = (disposition: string) =>
      Buffer.concat([
        Buffer.from(`--x\r\nContent-Disposition: ${disposition}\r\nContent-Type: image/png\r\n\r\n`),
        image,
        Buffer.from('\r\n--x--\r\n'),
      ]);
    const mp = 'multipart/form-data; boundary=x';
    return [
      ['no boundary', 'multipart/form-data', part('form-data; name="file"; filename="a.png"')],
      ['empty boundary', 'multipart/form-data; boundary=', Buffer.from('--\r\n\r\n')],
      ['boundary of 300 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, Buffer.from('x')],
      ['garbage', mp, Buffer.from('garbage \u0000\u00ff\r\n\r\n garbage')],
      ['empty body', mp, Buffer.alloc(0)],
      ['only the closing boundary', mp, Buffer.from('--x--\r\n')],
      ['cut in the headers', mp, Buffer.from('--x\r\nContent-Disposition: form-data; name="file"')],
      ['cut in the file', mp, part('form-data; name="file"; filename="a.png"').subarray(0, 120)],
      ['no closing boundary', mp, part('form-data; name="file"; filename="a.png"').subarray(0, -9)],
      ['part without headers', mp, Buffer.from('--x\r\n\r\nabc\r\n--x--\r\n')],
      ['header without a colon', mp, Buffer.from('--x\r\nnot a header\r\n\r\nabc\r\n--x--\r\n')],
      ['encoded NUL in filename*', mp, part('form-data; name="file"; filename*=UTF-8\'\'a%00b.png')],
      ['NUL in the field name', mp, part('form-data; name="fi\u0000le"; filename="a.png"')],
      ['__proto__ field', mp, part('form-data; name="__proto__"; filename="a.png"')],
    ];
  };

  const HOSTILE_NAMES = [
    'a\u0000b.png',
    '\u0000',
    '\u0000.png',
    'a\r\nb.png',
    'a\u0085\u2028b.png',
    '\ud800.png',
  ];

  /** What is wrong with an answer, or null: never a 5xx, and every refusal the envelope with its own status. */
  const problemWith = (
    label: string,
    res: { statusCode: number; body: string; headers: Record<string, unknown> },
  ) => {
    const brief = `${label} → ${res.statusCode} ${res.body.slice(0, 160)}`;
    if (res.statusCode >= 500) return brief;
    if (res.statusCode >= 400) {
      if (!String(res.headers['content-type']).includes('application/json')) return `${brief} (not JSON)`;
      const body = JSON.parse(res.body) as { code?: number; type?: string };
      if (body.code !== res.statusCode || body.type !== 'error') return `${brief} (not the envelope)`;
    }
    return null;
  };

  /** Files on disk under `root`, as storage keys. */
  const keysUnder = async (root: string): Promise<string[]> => {
    // Imported here so that this block's changes stay at the end of the file.
    const { readdirSync } = await import('node:fs');
    const { join, relative, sep } = await import('node:path');
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
    } catch {
      return [];
    }
  };

  it('NUL in file names and malformed multipart bodies: 0 answers ≥ 500, and no stored file without its row', async () => {
    expect(uploadOperations.length).toBeGreaterThanOrEqual(6);
    const roles = {
      user: bearer(await tokenFor(app, 'demo')),
      operator: bearer(await tokenFor(app, 'admin')),
    };
    const image = await png(16, 16);
    const failures: string[] = [];
    let requests = 0;
    for (const [name, endpoint] of uploadOperations) {
      const url = fillPath(endpoint.path, GOOD_PATH_VALUE);
      for (const [role, auth] of Object.entries(roles)) {
        const send = async (label: string, payload: Buffer, contentType: string) => {
          requests++;
          const res = await app.inject({
            method: endpoint.method,
            url,
            payload,
            headers: { ...auth, 'content-type': contentType },
            remoteAddress: nextAddress(),
          });
          const problem = problemWith(`${role} ${name} ${label}`, res);
          if (problem) failures.push(problem);
        };
        for (const fileName of HOSTILE_NAMES) {
          const form = multipart([{ field: 'file', name: fileName, type: 'image/png', data: image }]);
          await send(`file name ${JSON.stringify(fileName)}`, form.payload, form.headers['content-type']);
        }
        for (const [label, contentType, body] of malformed(image)) await send(label, body, contentType);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(uploadOperations.length * 2 * (HOSTILE_NAMES.length + malformed(image).length));
    const { files } = await import('./platform/storage/file.table.js');
    const dataDir = app.platform.dataDir;
    const onDisk = [...(await keysUnder(`${dataDir}/uploads`)), ...(await keysUnder(`${dataDir}/private`))];
    const rows = new Set(
      (await app.platform.db.select({ key: files.storageKey }).from(files)).map((r) => r.key),
    );
    expect(onDisk.filter((key) => !rows.has(key))).toEqual([]);
  }, 300_000);
});
