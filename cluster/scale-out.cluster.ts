import { randomUUID } from 'node:crypto';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  connectHub,
  freshDatabase,
  freshPhone,
  ok,
  passwordLogin,
  phoneLogin,
  sleep,
  startApi,
  startHttp,
  startWorker,
  waitFor,
  type ApiProcess,
  type NodeProcess,
} from './cluster.js';
import { S3RVER_KEY, startS3rver } from '../apps/server/src/test/s3rver.js';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const ADMIN_PASSWORD = 'cluster-admin-1234';

interface JobProgress {
  jobId: number;
  state: string;
  progress: number;
}
interface DrawTask {
  id: number;
  jobId: number | null;
  status: string;
  images: unknown[];
}

/**
 * Two API processes, job workers, PostgreSQL, Redis and an S3-compatible store (s3rver), every one a separate
 * OS process or server on 127.0.0.1, the API processes with JOBS_IN_API=false: what "several processes"
 * promises, checked from the outside.
 */
const METRICS_TOKEN = 'cluster-metrics-token-0123';

describe.skipIf(!DATABASE_URL || !REDIS_URL)(
  'cluster: two API processes, workers, PostgreSQL, Redis, S3',
  () => {
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    let s3: Awaited<ReturnType<typeof startS3rver>>;
    let sql: pg.Client;
    let api1: ApiProcess;
    let api2: ApiProcess;
    const workers: NodeProcess[] = [];
    let env: Record<string, string>;

    // The image provider (OpenAI images API): holds requests while `holdImages` is set, so a job can be caught
    // in the middle; answers one small PNG otherwise.
    let holdImages = false;
    const imageRequests: number[] = [];
    let imagePng: string;
    let images: Awaited<ReturnType<typeof startHttp>>;

    beforeAll(async () => {
      imagePng = (
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2384f5' } })
          .png()
          .toBuffer()
      ).toString('base64');
      images = await startHttp((req, res) => {
        if (req.url !== '/v1/images/generations') {
          res.statusCode = 404;
          res.end('{}');
          return;
        }
        imageRequests.push(Date.now());
        if (holdImages) return; // never answered: the worker is killed meanwhile
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ created: 1, data: [{ b64_json: imagePng }] }));
      });
      db = await freshDatabase(DATABASE_URL!, 'cluster');
      sql = new pg.Client({ connectionString: db.url });
      s3 = await startS3rver('cluster');
      env = {
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        DATABASE_URL: db.url,
        REDIS_URL: REDIS_URL!,
        REDIS_PREFIX: `cluster${randomUUID().slice(0, 8)}:`,
        S3_BUCKET: 'cluster',
        S3_ENDPOINT: s3.endpoint,
        ...S3RVER_KEY,
        // Secrets shared by every process (each has its own DATA_DIR).
        JWT_SECRET: 'cluster-jwt-secret-cluster-jwt-secret-0123',
        FILE_URL_SECRET: 'cluster-file-url-secret-cluster-file-url-0123',
        ID_CARD_KEY: Buffer.alloc(32, 7).toString('base64'),
        ADMIN_PASSWORD,
        JOBS_IN_API: 'false',
        METRICS_TOKEN,
        JOB_LEASE_MS: '2000',
        HUB_KEEP_ALIVE_MS: '500',
        AI_TEXT_OFFLINE_DELAY_MS: '60',
        AI_IMAGE_PROVIDER: 'openai',
        AI_IMAGE_BASE_URL: `${images.base}/v1`,
        AI_IMAGE_MODEL: 'gpt-image-1',
        AI_IMAGE_TIMEOUT_MS: '60000',
      };
      // The first process migrates and seeds; the others start on the ready database.
      api1 = await startApi('api1', env);
      [api2] = await Promise.all([
        startApi('api2', env),
        startWorker('worker1', env).then((w) => workers.push(w)),
      ]);
      await sql.connect();
    });

    afterAll(async () => {
      await Promise.all([api1, api2, ...workers].filter(Boolean).map((p) => p.stop()));
      await sql?.end().catch(() => undefined);
      await db?.drop();
      await s3?.close();
      await images?.close();
    });

    const demo = () => passwordLogin(api1.base, '13800000000', 'demo123456');
    const admin = () => passwordLogin(api2.base, 'admin', ADMIN_PASSWORD);

    it('a: a write on API 2 reaches, live, a hub connection on API 1 (customer-service reply, forced log-out)', async () => {
      const phone = freshPhone();
      // The SMS code is sent by API 1 and checked by API 2.
      const first = await phoneLogin(api1, api2, phone);
      await ok(api1.base, 'POST', '/api/sysUser/setPwd', {
        token: first.accessToken,
        body: { password: 'first-pass-123' },
      });
      const me = await ok<{ id: number }>(api1.base, 'GET', '/api/sysUser/baseInfo', {
        token: first.accessToken,
      });
      const hub = await connectHub(api1.base, first.accessToken, ['ReceiveMessage', 'ForceOffline']);

      const operator = await admin();
      await ok(api2.base, 'POST', '/api/sysCustomerService/reply', {
        token: operator.accessToken,
        body: { userId: me.id, content: '您好，问题已处理' },
      });
      const reply = await hub.next<{ content: string }>(
        'ReceiveMessage',
        (m) => m.content === '您好，问题已处理',
        5000,
      );
      expect(reply.content).toBe('您好，问题已处理');

      // A password change on API 2 from another session ends the session connected to API 1.
      const second = await passwordLogin(api2.base, phone, 'first-pass-123');
      await ok(api2.base, 'POST', '/api/sysUser/changePwd', {
        token: second.accessToken,
        body: { oldPassword: 'first-pass-123', newPassword: 'second-pass-456' },
      });
      const off = await hub.next<{ reason: string }>('ForceOffline', undefined, 5000);
      expect(off.reason).toBeTruthy();
      await waitFor(() => hub.connection.state === 'Disconnected', 'the hub to close the connection', 5000);
    });

    it('b: a job enqueued through API 1 runs on the worker and its progress reaches the hub connection on API 2', async () => {
      const user = await demo();
      const hub = await connectHub(api2.base, user.accessToken, ['JobProgress']);
      const task = await ok<DrawTask>(api1.base, 'POST', '/api/aiDraw/imagine', {
        token: user.accessToken,
        body: { prompt: '一只在雪地里的橘猫', count: 1 },
      });
      expect(task.jobId).toBeTruthy();
      const done = await hub.next<JobProgress>(
        'JobProgress',
        (p) => p.jobId === task.jobId && p.state === 'succeeded',
        30_000,
      );
      expect(done.progress).toBe(100);
      const seen = hub.received
        .filter(([, p]) => (p as JobProgress).jobId === task.jobId)
        .map(([, p]) => (p as JobProgress).state);
      expect(seen).toContain('running');
      await hub.connection.stop();
    });

    it('c: kill -9 of the worker in the middle of a job: a worker started afterwards finishes it, once', async () => {
      const user = await demo();
      const goldOf = async () =>
        (await ok<{ gold: number }>(api1.base, 'GET', '/api/sysUser/baseInfo', { token: user.accessToken }))
          .gold;
      const goldBefore = await goldOf();
      holdImages = true;
      const requestsBefore = imageRequests.length;
      const task = await ok<DrawTask>(api1.base, 'POST', '/api/aiDraw/imagine', {
        token: user.accessToken,
        body: { prompt: '夜晚的城市天际线', count: 1 },
      });
      // The worker has asked the provider: the job is in the middle.
      await waitFor(
        () => imageRequests.length > requestsBefore,
        'the worker to call the image provider',
        20_000,
      );
      await workers[0]!.kill();
      holdImages = false;
      // Two workers now: the job runs again on one of them, and both tick the recurring work (test h).
      workers.push(...(await Promise.all([startWorker('worker2', env), startWorker('worker3', env)])));
      const finished = await waitFor(
        async () => {
          const t = await ok<DrawTask>(api1.base, 'GET', `/api/aiDraw/detail?id=${task.id}`, {
            token: user.accessToken,
          });
          return t.status === 'succeeded' || t.status === 'failed' ? t : null;
        },
        'the job to finish on a new worker',
        40_000,
      );
      expect(finished.status).toBe('succeeded');
      expect(finished.images).toHaveLength(1);
      // Gold charged once, one result stored (a picture and its thumbnail), the job ran to success once.
      const ledger = await sql.query<{ sum: string; n: string }>(
        `select coalesce(sum(amount), 0) as sum, count(*) as n from account_ledger where ref_type = 'ai_draw' and ref_id = $1`,
        [String(task.id)],
      );
      const price = goldBefore - (await goldOf());
      expect(price).toBeGreaterThan(0);
      expect(Number(ledger.rows[0]!.sum)).toBe(-price);
      const files = await sql.query<{ n: string }>(
        `select count(*) as n from sys_file where category = 'drawing' and user_id = (select user_id from ai_draw_task where id = $1) and created_at >= (select created_at from ai_draw_task where id = $1)`,
        [task.id],
      );
      expect(Number(files.rows[0]!.n)).toBe(2);
      const job = await sql.query<{ state: string }>(`select state from job where id = $1`, [task.jobId]);
      expect(job.rows[0]!.state).toBe('succeeded');
    });

    it('d: stop sent to API 2 ends a chat answer streaming from API 1 within 100 ms', async () => {
      const user = await demo();
      const res = await fetch(`${api1.base}/api/sysMessage/sendToRobotForSSE/999`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${user.accessToken}`,
          'content-type': 'application/json',
          accept: 'text/event-stream',
        },
        body: JSON.stringify({ content: '请写一篇关于城市夜景的长文章，越长越好' }),
      });
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      let messageId = 0;
      let deltas = 0;
      let stopSentAt = 0;
      let doneAt = 0;
      let done: { stopped?: boolean } | null = null;
      let stopCall: Promise<unknown> | null = null;
      const parser = createParser({
        onEvent: (e) => {
          const data = JSON.parse(e.data) as { messageId?: number; stopped?: boolean };
          if (e.event === 'start') messageId = data.messageId!;
          if (e.event === 'delta' && ++deltas === 3) {
            stopSentAt = performance.now();
            stopCall = call(api2.base, 'POST', '/api/sysMessage/stop', {
              token: user.accessToken,
              body: { messageId },
            });
          }
          if (e.event === 'done' || e.event === 'error') {
            doneAt = performance.now();
            done = data;
          }
        },
      });
      const decoder = new TextDecoder();
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        parser.feed(decoder.decode(chunk, { stream: true }));
      expect(stopCall).not.toBeNull();
      const stopped = (await stopCall!) as { status: number; result: { stopped: boolean } };
      expect(stopped.status).toBe(200);
      expect(stopped.result.stopped).toBe(true);
      expect(done).toMatchObject({ stopped: true });
      expect(doneAt - stopSentAt).toBeLessThan(100);
    });

    it('e: a file uploaded through API 1 is served by API 2; private files through signed links either verifies', async () => {
      const user = await demo();
      const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f5a623' } })
        .png()
        .toBuffer();
      const upload = async (query: string) => {
        const form = new FormData();
        form.append('file', new Blob([image], { type: 'image/png' }), 'a.png');
        const res = await fetch(`${api1.base}/api/sysCommonInfo/UploadAttachments${query}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.accessToken}` },
          body: form,
        });
        const body = (await res.json()) as { result: { files: { url: string }[] } };
        expect(res.status).toBe(200);
        return body.result.files[0]!.url;
      };
      const publicUrl = await upload('');
      const served = await fetch(`${api2.base}${publicUrl}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);

      const privateUrl = await upload('?visibility=private');
      expect(privateUrl).toMatch(/^\/files\/private\/.+\?expires=\d+&sig=/);
      for (const api of [api1, api2]) {
        const res = await fetch(`${api.base}${privateUrl}`);
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(image)).toBe(true);
        expect((await fetch(`${api.base}${privateUrl.replace(/sig=[^&]+/, 'sig=forged')}`)).status).toBe(403);
      }
    });

    it('f: SMS send limits, login lockout and per-IP limits hold across both processes', async () => {
      // One SMS per phone per 60 s, whichever process is asked.
      const phone = freshPhone();
      expect((await call(api1.base, 'POST', '/api/sysSms/SendCaptcha', { body: { phone } })).status).toBe(
        200,
      );
      const again = await call(api2.base, 'POST', '/api/sysSms/SendCaptcha', { body: { phone } });
      expect(again.status).toBe(429);

      // Five wrong passwords over both processes lock the account on both, even for the right password.
      const owner = await phoneLogin(api2, api1, freshPhone());
      await ok(api1.base, 'POST', '/api/sysUser/setPwd', {
        token: owner.accessToken,
        body: { password: 'right-pass-123' },
      });
      const account = (
        await ok<{ phone: string }>(api1.base, 'GET', '/api/sysUser/baseInfo', { token: owner.accessToken })
      ).phone;
      for (let i = 0; i < 5; i++) {
        const wrong = await call((i % 2 ? api2 : api1).base, 'POST', '/api/sysAuth/login', {
          body: { account, password: `wrong-pass-${i}` },
        });
        expect(wrong.status).toBeGreaterThanOrEqual(400);
      }
      for (const api of [api1, api2]) {
        const locked = await call(api.base, 'POST', '/api/sysAuth/login', {
          body: { account, password: 'right-pass-123' },
        });
        expect(locked.status).not.toBe(200);
      }

      // A per-route limit (30 a minute per client) counts both processes together.
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        const res = await fetch(`${(i % 2 ? api2 : api1).base}/api/sysStat/report`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    });

    it("g: a config change made through API 2 is seen on API 1's very next read", async () => {
      const read = async () => {
        const list = await ok<{ items: { value: string; data: unknown }[] }>(
          api1.base,
          'GET',
          '/api/sysDictData/dataList/app_config',
        );
        return list.items.find((item) => item.value === 'questionNum')?.data;
      };
      const before = await read(); // API 1 has it cached now
      const operator = await admin();
      const page = await ok<{ items: { id: number; value: string; data: unknown }[] }>(
        api2.base,
        'POST',
        '/api/sysDictData/page',
        {
          token: operator.accessToken,
          body: { name: 'app_config', page: 1, pageSize: 100 },
        },
      );
      const item = page.items.find((i) => i.value === 'questionNum')!;
      const next = Number(before) + 7;
      await ok(api2.base, 'POST', '/api/sysDictData/update', {
        token: operator.accessToken,
        body: { id: item.id, data: next },
      });
      // API 1 forgets its cached copy when PostgreSQL's change notice (NOTIFY, sent at commit) reaches it; API 2
      // answers the change only once it has heard its own copy of that notice, sent to both at the same time.
      expect(await read()).toBe(next);
      // And again, several changes in a row, each read right after its answer.
      for (let round = 1; round <= 5; round++) {
        await ok(api2.base, 'POST', '/api/sysDictData/update', {
          token: operator.accessToken,
          body: { id: item.id, data: next + round },
        });
        expect(await read()).toBe(next + round);
      }
    });

    it('h: recurring work (order expiry) runs once per cluster, not once per process', async () => {
      // worker2 and worker3 both tick the 60 s order-expiry schedule since test c; wait for a slot both saw.
      const since = new Date(Date.now() - 1000);
      await waitFor(
        async () =>
          Number(
            (
              await sql.query<{ n: string }>(
                `select count(*) as n from job where type = 'order_expiry' and created_at >= $1`,
                [since],
              )
            ).rows[0]!.n,
          ) > 0,
        'an order-expiry run',
        75_000,
      );
      await sleep(3000);
      const runs = await sql.query<{ created_at: Date; state: string }>(
        `select created_at, state from job where type = 'order_expiry' order by created_at`,
      );
      // Every run is its own 60 s slot: never two runs of one slot.
      for (let i = 1; i < runs.rows.length; i++) {
        expect(runs.rows[i]!.created_at.getTime() - runs.rows[i - 1]!.created_at.getTime()).toBeGreaterThan(
          50_000,
        );
      }
      expect(runs.rows.at(-1)!.state).toMatch(/succeeded|running|queued/);
      expect(
        workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null).length,
      ).toBeGreaterThanOrEqual(2);
    });

    it('i: Prometheus scrapes each API process: its own requests, the shared queue and its database pool', async () => {
      const scrape = async (base: string, token?: string) =>
        fetch(`${base}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      for (const api of [api1, api2]) expect((await scrape(api.base)).status).toBe(401);
      await fetch(`${api1.base}/readyz`);
      await fetch(`${api2.base}/healthz`);
      const [one, two] = await Promise.all(
        [api1, api2].map(async (api) => {
          const res = await scrape(api.base, METRICS_TOKEN);
          expect(res.status).toBe(200);
          return res.text();
        }),
      );
      // Each process counts what it served, by route pattern.
      expect(one).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/readyz",status="200"\} \d+/,
      );
      expect(two).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/,
      );
      for (const text of [one, two]) {
        // Idle pooled connections close after 10 s, so the pool may hold none right now; its waits were counted.
        expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
        expect(text).toMatch(/db_pool_wait_seconds_count [1-9]/);
        expect(text).toContain('# TYPE jobs_queued gauge');
        expect(text).toMatch(/hub_online_users \d+/);
      }
    });
  },
);
