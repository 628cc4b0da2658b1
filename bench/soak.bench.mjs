// Soak (issue 15 point 7): the product started as `npm start` starts it, simulated users browsing the plaza,
// opening works, liking, commenting, checking in, asking the chat robot and opening the mine tab, at a steady
// rate, for SOAK_MINUTES (10). Each user comes from an address of its own (behind a proxy the product trusts:
// TRUST_PROXY=true), registers through the SMS login (the console SMS outbox), then acts.
// Half-way, 100 chat answers stream at once (read in a thread of their own, as other users' browsers are
// elsewhere: bench/chat-streams.mjs); meanwhile new questions' first token through the relay is compared with
// the provider straight (a local OpenAI-compatible server in its own thread: bench/chat-provider.mjs).
// Targets: 0 errors, p99 < 100 ms, resident memory growth < 10% after the first minute, relay ≤ 5 ms added.
// Writes bench/results/soak.json and soak.md (the curve per minute).
//
// Env: SOAK_MINUTES (10), SOAK_USERS (60), SOAK_RATE (requests per second, 60), SOAK_STREAMS (100), BENCH_SHORT=true
// (1 minute, 30 streams, shown and not written), BENCH_SKIP_BUILD=true.
import { readFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildProduct, login, startProduct } from './server-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHORT = process.env.BENCH_SHORT === 'true';
const MINUTES = Number(process.env.SOAK_MINUTES ?? (SHORT ? 1 : 10));
const USERS = Number(process.env.SOAK_USERS ?? 60);
if (USERS * 2 < Number(process.env.SOAK_STREAMS ?? (process.env.BENCH_SHORT === 'true' ? 30 : 100))) throw new Error('SOAK_USERS must be at least half the streams of the relay check');
const RATE = Number(process.env.SOAK_RATE ?? 60);
const STREAMS = Number(process.env.SOAK_STREAMS ?? (SHORT ? 30 : 100));
const TTFT_SAMPLES = 30;
const log = (...args) => console.log('[soak]', ...args);

// ---- the provider, in its own thread (as a real provider is elsewhere).
const provider = new Worker(new URL('./chat-provider.mjs', import.meta.url));
const providerPort = await new Promise((resolve) => provider.once('message', (m) => resolve(m.port)));
const providerUrl = `http://127.0.0.1:${providerPort}/v1`;

buildProduct(log);
const dataDir = mkdtempSync(path.join(tmpdir(), 'soak-'));
const product = await startProduct({
  dataDir,
  env: { AI_TEXT_BASE_URL: providerUrl, AI_TEXT_API_KEY: 'sk-bench', AI_TEXT_MODEL: 'bench-model', TRUST_PROXY: 'true' },
  stdio: 'ignore',
});
const { base } = product;
const serverPid = Number(execFileSync('pgrep', ['-P', String(product.child.pid)]).toString().trim().split('\n')[0]);
const rssMb = () => {
  const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
};

// ---- users: each registers through the SMS login from its own address.
const call = async (user, method, url, body) => {
  const headers = { 'x-forwarded-for': user.ip, 'accept-encoding': 'gzip, br', 'accept-language': 'zh-CN' };
  if (user.token) headers.authorization = `Bearer ${user.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = await res.json();
  return { status: res.status, envelope };
};
const codeFor = (phone) => {
  const lines = readFileSync(path.join(dataDir, 'outbox', 'sms.jsonl'), 'utf8').trim().split('\n');
  return lines.map((l) => JSON.parse(l)).filter((e) => e.phone === phone).at(-1).code;
};
const users = [];
for (let i = 0; i < USERS; i += 1) {
  const user = { ip: `10.${Math.floor(i / 250)}.${i % 250}.7`, phone: `1390000${String(i).padStart(4, '0')}`, token: null };
  const sent = await call(user, 'POST', '/api/sysSms/SendCaptcha', { phone: user.phone });
  if (sent.envelope.code !== 200) throw new Error(`captcha: ${JSON.stringify(sent.envelope)}`);
  const loggedIn = await call(user, 'POST', '/api/sysAuth/phoneLogin', { phone: user.phone, code: codeFor(user.phone) });
  if (loggedIn.envelope.code !== 200) throw new Error(`login: ${JSON.stringify(loggedIn.envelope)}`);
  user.token = loggedIn.envelope.result.accessToken;
  users.push(user);
}
// Chat questions of the mix are asked by the VIP demo account (members have no daily question limit); the
// long answers of the relay check by the simulated users.
const member = { ip: '10.200.0.1', token: await login(base, 'demovip', 'demo123456') };
log(`${users.length} users registered; server pid ${serverPid}, ${rssMb()} MB resident`);

// ---- what a user does; the plaza's first pages are what most people read.
const articleIds = (await call(users[0], 'POST', '/api/sysArticle/page', { page: 1, pageSize: 20 })).envelope.result.items.map((i) => i.id);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const readSse = async (res) => {
  const reader = res.body.getReader();
  for (;;) if ((await reader.read()).done) return;
};
const ACTIONS = [
  { name: 'plaza page', weight: 30, run: (u) => call(u, 'POST', '/api/sysArticle/page', { page: pick([1, 1, 1, 2, 3]), pageSize: 20, sort: pick(['newest', 'newest', 'hot']) }) },
  { name: 'work detail', weight: 15, run: (u) => call(u, 'GET', `/api/sysArticle/detail?id=${pick(articleIds)}`) },
  { name: 'app config', weight: 10, run: (u) => call(u, 'GET', '/api/sysDictData/dataList/app_config') },
  { name: 'mine: base info', weight: 15, run: (u) => call(u, 'GET', '/api/sysUser/baseInfo') },
  { name: 'mine: check-in detail', weight: 5, run: (u) => call(u, 'GET', '/api/sysDailyCheckin/checkInDetail') },
  {
    name: 'like or unlike',
    weight: 10,
    run: async (u) => {
      const articleId = pick(articleIds);
      const liked = await call(u, 'POST', '/api/sysLikeRecord/add', { articleId });
      return liked.envelope.result?.liked === true && Math.random() < 0.5 ? call(u, 'POST', '/api/sysLikeRecord/cancelLike', { articleId }) : liked;
    },
  },
  { name: 'comment', weight: 4, run: (u) => call(u, 'POST', '/api/sysComment/add', { articleId: pick(articleIds), content: `写得真好 ${Date.now() % 1000}` }) },
  {
    name: 'check-in',
    weight: 3,
    run: (u) => (u.checkedIn ? call(u, 'GET', '/api/sysDailyCheckin/checkInDetail') : ((u.checkedIn = true), call(u, 'POST', '/api/sysDailyCheckin/checkIn'))),
  },
  {
    name: 'chat question',
    weight: 2,
    run: async (u) => {
      // The member's own questions pause while the relay check uses that account (3 answers at once at most).
      if (relayChecking) return call(u, 'POST', '/api/sysArticle/page', { page: 1, pageSize: 20 });
      const res = await fetch(`${base}/api/sysMessage/sendToRobotForSSE/999`, {
        method: 'POST',
        headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', 'x-forwarded-for': member.ip },
        body: JSON.stringify({ content: '写一句春天的文案' }),
      });
      if (!res.headers.get('content-type')?.startsWith('text/event-stream')) return { status: res.status, envelope: await res.json() };
      await readSse(res);
      return { status: res.status, envelope: { code: 200 } };
    },
  },
];
let relayChecking = false;
const totalWeight = ACTIONS.reduce((n, a) => n + a.weight, 0);
const chooseAction = () => {
  let r = Math.random() * totalWeight;
  for (const action of ACTIONS) if ((r -= action.weight) < 0) return action;
  return ACTIONS[0];
};

// ---- the steady load: one request every 1/RATE s, from a random user, whatever the answers' speed.
const minutes = [];
const newMinute = () => ({ latencies: [], errors: 0, requests: 0, errorSamples: [] });
let current = newMinute();
const byAction = Object.fromEntries(ACTIONS.map((a) => [a.name, []]));
let stopping = false;
const inFlight = new Set();
const fire = () => {
  const action = chooseAction();
  const user = pick(users);
  const bucket = current;
  const t0 = performance.now();
  const p = action
    .run(user)
    .then(({ status, envelope }) => {
      const ms = performance.now() - t0;
      bucket.requests += 1;
      if (action.name !== 'chat question') {
        bucket.latencies.push(ms);
        byAction[action.name].push(ms);
      }
      if (status !== 200 || envelope.code !== 200) {
        bucket.errors += 1;
        if (bucket.errorSamples.length < 3) bucket.errorSamples.push(`${action.name}: ${status} ${JSON.stringify(envelope.message)}`);
      }
    })
    .catch((error) => {
      bucket.requests += 1;
      bucket.errors += 1;
      if (bucket.errorSamples.length < 3) bucket.errorSamples.push(`${action.name}: ${error.message}`);
    })
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
};
const pct = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
};

// ---- the relay check: STREAMS long answers at once, then new questions relay vs provider straight.
const streamsAndFirstTokens = async () => {
  // The long answers are read in a thread of their own (other users' browsers), spread over the simulated
  // users (at most 3 answers at once per user; 5 free questions a day each).
  const streams = Array.from({ length: STREAMS }, (_, i) => ({ token: users[i % users.length].token, ip: users[i % users.length].ip }));
  const readers = new Worker(new URL('./chat-streams.mjs', import.meta.url), { workerData: { base, streams, content: 'LONG 写一篇很长的文章' } });
  const fromReaders = (key, message) =>
    new Promise((resolve) => {
      const on = (m) => {
        if (key in m) {
          readers.off('message', on);
          resolve(m[key]);
        }
      };
      readers.on('message', on);
      if (message) readers.postMessage(message);
    });
  const streaming = await fromReaders('streaming');
  const tokensBefore = await fromReaders('tokens', 'count');
  const checkStarted = performance.now();
  const firstToken = async (url, headers, body, marker) => {
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let at = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (at === null && text.includes(marker)) at = performance.now() - t0;
    }
    if (at === null) throw new Error(`no first token from ${url}: ${text.slice(0, 200)}`);
    return at;
  };
  const direct = [];
  const relay = [];
  for (let i = 0; i < TTFT_SAMPLES; i += 1) {
    direct.push(
      await firstToken(
        `${providerUrl}/chat/completions`,
        { authorization: 'Bearer sk-bench', 'content-type': 'application/json' },
        { model: 'bench-model', stream: true, messages: [{ role: 'user', content: '你好' }] },
        '"content":"词0"',
      ),
    );
    relay.push(
      await firstToken(
        `${base}/api/sysMessage/sendToRobotForSSE/999`,
        { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', 'x-forwarded-for': member.ip },
        { content: '你好' },
        'event: delta',
      ),
    );
  }
  // How fast the answers streamed meanwhile (the provider sends a token every 5 ms per answer).
  const tokensPerSecond = Math.round(((await fromReaders('tokens', 'count')) - tokensBefore) / ((performance.now() - checkStarted) / 1000));
  await fromReaders('closed', 'close');
  await readers.terminate();
  const median = (v) => pct(v, 50);
  return {
    streams: STREAMS,
    streaming,
    samples: TTFT_SAMPLES,
    tokensPerSecond,
    loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    directMedianMs: median(direct),
    relayMedianMs: median(relay),
    directP90Ms: pct(direct, 90),
    relayP90Ms: pct(relay, 90),
    addedMedianMs: Math.round((median(relay) - median(direct)) * 100) / 100,
  };
};

log(`soaking for ${MINUTES} min at ${RATE} requests/s with ${USERS} users …`);
const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
const startedAt = Date.now();
const ticker = setInterval(() => {
  if (!stopping) fire();
}, 1000 / RATE);
let relayCheck = null;
for (let minute = 1; minute <= MINUTES; minute += 1) {
  const rssSamples = [];
  for (let s = 0; s < 6; s += 1) {
    await new Promise((r) => setTimeout(r, 10_000));
    rssSamples.push(rssMb());
    if (minute === Math.ceil(MINUTES / 2) && s === 0 && !relayCheck) {
      log('relay check: streams open …');
      relayChecking = true;
      relayCheck = await streamsAndFirstTokens();
      relayChecking = false;
      log(`relay adds ${relayCheck.addedMedianMs} ms (median) with ${STREAMS} answers streaming`);
    }
  }
  const done = current;
  current = newMinute();
  const row = {
    minute,
    requests: done.requests,
    errors: done.errors,
    errorSamples: done.errorSamples,
    p50Ms: pct(done.latencies, 50),
    p99Ms: pct(done.latencies, 99),
    maxMs: pct(done.latencies, 100),
    rssMb: Math.max(...rssSamples),
  };
  minutes.push(row);
  log(`minute ${minute}: ${row.requests} requests, ${row.errors} errors, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ${row.rssMb} MB`);
}
stopping = true;
clearInterval(ticker);
await Promise.allSettled([...inFlight]);
await product.stop();
provider.postMessage('close');
rmSync(dataDir, { recursive: true, force: true });

const allLatencies = Object.values(byAction).flat();
const baseline = minutes[0].rssMb;
const peakAfterFirst = Math.max(...minutes.slice(1).map((m) => m.rssMb), baseline);
const growth = Math.round(((peakAfterFirst - baseline) / baseline) * 1000) / 10;
const report = {
  benchmark: 'soak',
  time: new Date().toISOString(),
  short: SHORT,
  machine: `${cpus()[0]?.model ?? 'cpu'} ×${cpus().length}, Node ${process.version}`,
  loadAverage: { before: loadBefore, after: loadavg().map((l) => Number(l.toFixed(2))) },
  settings: { minutes: MINUTES, users: USERS, requestsPerSecond: RATE, mix: ACTIONS.map((a) => `${a.name} ${Math.round((a.weight / totalWeight) * 100)}%`) },
  totals: {
    requests: minutes.reduce((n, m) => n + m.requests, 0),
    errors: minutes.reduce((n, m) => n + m.errors, 0),
    p50Ms: pct(allLatencies, 50),
    p99Ms: pct(allLatencies, 99),
    rssGrowthAfterFirstMinutePercent: growth,
  },
  perAction: Object.fromEntries(Object.entries(byAction).map(([name, v]) => [name, { requests: v.length, p50Ms: pct(v, 50), p99Ms: pct(v, 99) }])),
  relayCheck,
  minutes,
  durationSeconds: Math.round((Date.now() - startedAt) / 1000),
};
report.pass = report.totals.errors === 0 && report.totals.p99Ms < 100 && growth < 10 && relayCheck && relayCheck.streaming === STREAMS && relayCheck.addedMedianMs <= 5;

const bar = (mb) => '█'.repeat(Math.max(1, Math.round((mb / Math.max(...minutes.map((m) => m.rssMb))) * 40)));
const md = [
  '# Soak: simulated users against the product',
  '',
  `Run ${report.time}${SHORT ? ' (**short mode: not a result**)' : ''} on ${report.machine}; load average before ${report.loadAverage.before.join(' / ')}, after ${report.loadAverage.after.join(' / ')} (1 / 5 / 15 min).`,
  '',
  `The product as \`npm start\` starts it (TRUST_PROXY=true so each simulated user has its own address; chat through a local OpenAI-compatible provider); ${USERS} users registered through the SMS login; ${RATE} requests/s for ${MINUTES} min, open loop. Mix: ${report.settings.mix.join(', ')}.`,
  '',
  '| measure | result | target |',
  '| --- | ---: | ---: |',
  `| requests | ${report.totals.requests} | |`,
  `| errors | ${report.totals.errors} | 0 |`,
  `| latency p50 / p99 (chat answers excluded) | ${report.totals.p50Ms} / ${report.totals.p99Ms} ms | p99 < 100 ms |`,
  `| resident memory growth after the first minute | ${growth}% (${baseline} → peak ${peakAfterFirst} MB) | < 10% |`,
  relayCheck
    ? `| first token added by the relay, ${relayCheck.streaming} of ${relayCheck.streams} answers streaming (${relayCheck.tokensPerSecond} tokens/s; load average then ${relayCheck.loadAverage.join(' / ')}) | ${relayCheck.addedMedianMs} ms (relay ${relayCheck.relayMedianMs}, provider ${relayCheck.directMedianMs}, median of ${relayCheck.samples}; p90 ${relayCheck.relayP90Ms} / ${relayCheck.directP90Ms}) | ≤ 5 ms |`
    : '| relay check | not run | |',
  '',
  `Result: ${report.pass ? 'targets met' : '**targets missed**'}.`,
  '',
  '## Per minute',
  '',
  '| minute | requests | errors | p50 ms | p99 ms | max ms | resident MB | |',
  '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ...minutes.map((m) => `| ${m.minute} | ${m.requests} | ${m.errors} | ${m.p50Ms} | ${m.p99Ms} | ${m.maxMs} | ${m.rssMb} | ${bar(m.rssMb)} |`),
  '',
  '## Per action',
  '',
  '| action | requests | p50 ms | p99 ms |',
  '| --- | ---: | ---: | ---: |',
  ...Object.entries(report.perAction).map(([name, a]) => `| ${name} | ${a.requests} | ${a.p50Ms ?? ''} | ${a.p99Ms ?? ''} |`),
  '',
  ...(minutes.some((m) => m.errorSamples.length) ? ['## Error samples', '', ...minutes.flatMap((m) => m.errorSamples.map((e) => `- minute ${m.minute}: ${e}`)), ''] : []),
].join('\n');
if (SHORT) console.log(md);
else {
  const outDir = path.join(root, 'bench/results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'soak.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(outDir, 'soak.md'), `${md}\n`);
  log('results in bench/results/soak.json and soak.md');
}
process.exit(report.pass ? 0 : 1);
