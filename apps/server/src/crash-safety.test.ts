import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from './platform/db/client.js';
import { asc, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { articleComments, ledger, mallExchanges, mallItems, payOrders, users } from './schema.js';

/**
 * The embedded default survives `kill -9` in the middle of a burst of writes: the server is a real OS process
 * (src/server.ts through tsx, as `npm run dev` runs it), killed without warning, then started again on the same
 * DATA_DIR. Skipped when the suite runs on PostgreSQL: this is about the embedded database.
 */
const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-safety-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = async () => {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

const startServer = async (port: number): Promise<{ child: ChildProcess; output: () => string }> => {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (ready?.ok) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready within 90 s: ${output}`);
};

type Envelope<T> = { code: number; result: T };

describe.skipIf(Boolean(process.env.DATABASE_URL))('crash safety of the embedded database', () => {
  it('kill -9 during a burst of writes: on restart every answered write is there and balances equal their ledgers', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startServer(port);
    const call = async <T>(token: string | null, method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as Envelope<T>;
    };
    const login = async (account: string) =>
      (
        await call<{ accessToken: string }>(null, 'POST', '/api/sysAuth/login', {
          account,
          password: 'demo123456',
        })
      ).result.accessToken;
    const tokens = [await login('demo'), await login('demovip')];
    const articleIds = (
      await call<{ items: { id: number }[] }>(tokens[0]!, 'POST', '/api/sysArticle/page', {
        page: 1,
        pageSize: 10,
      })
    ).result.items.map((a) => a.id);
    const mall = (
      await call<{ items: { id: number; points: number; stock: number }[] }>(
        tokens[0]!,
        'POST',
        '/api/sysPointsMall/page',
        {
          page: 1,
          pageSize: 20,
        },
      )
    ).result.items;
    const packages = (
      await call<{ id: number; goldPrice: number }[]>(tokens[0]!, 'GET', '/api/sysGoldPackage/list')
    ).result;
    const paidWithGold = packages.find((p) => p.goldPrice > 0);
    expect(articleIds.length).toBeGreaterThan(0);

    // The burst: 16 writers for as long as the server lives; the server is killed 1.5 s in.
    const answered = {
      comments: [] as number[],
      exchanges: [] as number[],
      orders: [] as number[],
      other: 0,
    };
    let alive = true;
    const writer = async (n: number) => {
      const token = tokens[n % tokens.length]!;
      for (let i = 0; alive; i++) {
        const articleId = articleIds[(n + i) % articleIds.length]!;
        try {
          switch (i % 5) {
            case 0: {
              const res = await call<{ id: number }>(token, 'POST', '/api/sysComment/add', {
                articleId,
                content: `写得真好 ${n}-${i}`,
              });
              if (res.code === 200) answered.comments.push(res.result.id);
              break;
            }
            case 1: {
              const item = mall[(n + i) % Math.max(mall.length, 1)];
              if (!item) break;
              const res = await call<{ record: { id: number } }>(
                token,
                'POST',
                '/api/sysPointsMall/exchange',
                {
                  itemId: item.id,
                },
              );
              if (res.code === 200) answered.exchanges.push(res.result.record.id);
              break;
            }
            case 2: {
              if (!paidWithGold) break;
              const res = await call<{ id: number }>(token, 'POST', '/api/sysPay/buyGoldPackage', {
                packageId: paidWithGold.id,
                payMethod: 0,
              });
              if (res.code === 200) answered.orders.push(res.result.id);
              break;
            }
            case 3:
              if ((await call(token, 'POST', '/api/sysLikeRecord/add', { articleId })).code === 200)
                answered.other++;
              break;
            default:
              if ((await call(token, 'POST', '/api/sysDailyCheckin/checkIn')).code === 200) answered.other++;
          }
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Array.from({ length: 16 }, (_, n) => writer(n));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    alive = false;
    await Promise.all(writers);
    expect(
      answered.comments.length + answered.exchanges.length + answered.orders.length + answered.other,
    ).toBeGreaterThan(10);

    // Started again on the same DATA_DIR: the dead server's lock is taken over and the API answers.
    const second = await startServer(port);
    expect((await call(tokens[0]!, 'GET', '/api/sysUser/baseInfo')).code).toBe(200);
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');

    const client = openPglite(path.join(dataDir, 'pglite'));
    const db = drizzle(client);
    try {
      if (answered.comments.length) {
        const found = await db
          .select({ id: articleComments.id })
          .from(articleComments)
          .where(inArray(articleComments.id, answered.comments));
        expect(found.length).toBe(answered.comments.length);
      }
      if (answered.exchanges.length) {
        const found = await db
          .select({ id: mallExchanges.id })
          .from(mallExchanges)
          .where(inArray(mallExchanges.id, answered.exchanges));
        expect(found.length).toBe(answered.exchanges.length);
      }
      if (answered.orders.length) {
        const found = await db
          .select({ id: payOrders.id })
          .from(payOrders)
          .where(inArray(payOrders.id, answered.orders));
        expect(found.length).toBe(answered.orders.length);
      }
      // No half-done exchange: stock sold equals exchanges recorded, per item.
      for (const item of mall) {
        const [now] = await db
          .select({ stock: mallItems.stock })
          .from(mallItems)
          .where(eq(mallItems.id, item.id));
        const records = await db
          .select({ id: mallExchanges.id })
          .from(mallExchanges)
          .where(eq(mallExchanges.itemId, item.id));
        expect(item.stock - now!.stock, `item ${item.id}`).toBe(records.length);
      }
      // Every balance equals its ledger: each row follows from the one before, the last is the balance.
      for (const user of await db.select().from(users)) {
        const rows = await db.select().from(ledger).where(eq(ledger.userId, user.id)).orderBy(asc(ledger.id));
        for (const currency of ['gold', 'points'] as const) {
          const chain = rows.filter((row) => row.currency === currency);
          for (let i = 1; i < chain.length; i++)
            expect(chain[i]!.balanceAfter, `${user.account} ${currency} row ${i}`).toBe(
              chain[i - 1]!.balanceAfter + chain[i]!.amount,
            );
          const last = chain.at(-1);
          if (last) expect(user[currency], `${user.account} ${currency}`).toBe(last.balanceAfter);
        }
      }
    } finally {
      await client.close();
    }
  }, 240_000);
});
