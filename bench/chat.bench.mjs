// Chat relay overhead (issue 7 point 6), against a local OpenAI-compatible streaming server (node:http, in a
// worker thread: bench/chat-provider.mjs):
// - extra time to first token our relay adds: TTFT through POST /api/sysMessage/sendToRobotForSSE/999
//   minus TTFT asking the provider directly (same server, same answer), median and p99;
// - time from `POST /api/sysMessage/stop` (and from a client disconnect) to the provider's request closing.
// Writes bench/results/chat.json and chat.md. Targets: < 5 ms added to first token, < 100 ms stop → close.
import { Worker } from 'node:worker_threads';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProduct, startProduct } from './server-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.CHAT_BENCH_RUNS ?? 300);
const STOP_RUNS = Number(process.env.CHAT_BENCH_STOP_RUNS ?? 40);
const WARMUP = 20;

// ---- the provider, in its own thread: it reports when a client closed a stream early.
const hrNow = () => Number(process.hrtime.bigint()) / 1e6;
const provider = new Worker(new URL('./chat-provider.mjs', import.meta.url));
const providerPort = await new Promise((resolve) =>
  provider.once('message', (message) => resolve(message.port)),
);
const providerUrl = `http://127.0.0.1:${providerPort}/v1`;
let onClose = null;
provider.on('message', (message) => {
  if (message.closedAt !== undefined) onClose?.(message.closedAt);
});
const nextClose = () => new Promise((resolve) => (onClose = resolve));

// ---- the API, started exactly as `npm start` starts it, pointed at the provider.
buildProduct();
const dataDir = mkdtempSync(path.join(tmpdir(), 'chat-bench-'));
const product = await startProduct({
  dataDir,
  env: { AI_TEXT_BASE_URL: providerUrl, AI_TEXT_API_KEY: 'sk-bench', AI_TEXT_MODEL: 'bench-model' },
});
const { base } = product;
const cleanup = async () => {
  await product.stop();
  provider.postMessage('close');
  rmSync(dataDir, { recursive: true, force: true });
};

const login = await fetch(`${base}/api/sysAuth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ account: 'demovip', password: 'demo123456' }),
}).then((r) => r.json());
const token = login.result?.accessToken;
if (!token) throw new Error(`login failed: ${JSON.stringify(login)}`);
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

/** Reads a fetch body until `until(text so far)` is true; returns ms from `t0` to that moment. */
const readUntil = async (res, t0, until) => {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let at = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (at === null && until(text)) at = performance.now() - t0;
  }
  return { at, text };
};

const direct = async () => {
  const t0 = performance.now();
  const res = await fetch(`${providerUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'bench-model',
      stream: true,
      messages: [{ role: 'user', content: '你好' }],
    }),
  });
  return (await readUntil(res, t0, (t) => t.includes('"content":"词0"'))).at;
};
const relay = async () => {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/sysMessage/sendToRobotForSSE/999`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ content: '你好' }),
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) throw new Error(await res.text());
  return (await readUntil(res, t0, (t) => t.includes('event: delta'))).at;
};

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (v) => Math.round(v * 100) / 100;

for (let i = 0; i < WARMUP; i += 1) {
  await direct();
  await relay();
}
const directTimes = [];
const relayTimes = [];
for (let i = 0; i < RUNS; i += 1) {
  // Alternate so both see the same machine state.
  directTimes.push(await direct());
  relayTimes.push(await relay());
}

/** Starts a long relayed answer, waits for its first delta, then ends it by `how`; ms until the provider saw the close. */
const stopRun = async (how) => {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/sysMessage/sendToRobotForSSE/999`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ content: 'LONG 写一篇很长的文章' }),
    signal: controller.signal,
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: delta'))
    text += decoder.decode((await reader.read()).value, { stream: true });
  const messageId = JSON.parse(/event: start\ndata: (.*)\n/.exec(text)[1]).messageId;
  const closed = nextClose();
  const t0 = hrNow();
  if (how === 'stop') {
    const stop = fetch(`${base}/api/sysMessage/stop`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ messageId }),
    });
    const closedAt = await closed;
    await stop;
    for (;;) if ((await reader.read()).done) break;
    return closedAt - t0;
  }
  controller.abort();
  return (await closed) - t0;
};
const stopTimes = [];
const disconnectTimes = [];
for (let i = 0; i < STOP_RUNS; i += 1) {
  stopTimes.push(await stopRun('stop'));
  disconnectTimes.push(await stopRun('disconnect'));
}
await cleanup();

const summary = (values) => ({
  median: round(pct(values, 50)),
  p99: round(pct(values, 99)),
  max: round(Math.max(...values)),
});
const d = summary(directTimes);
const r = summary(relayTimes);
const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverage1m: Math.round(loadavg()[0] * 100) / 100,
  runs: RUNS,
  stopRuns: STOP_RUNS,
  setup:
    'the product started exactly as `npm start` starts it (scripts/start.mjs: production mode, embedded PGlite on disk, demo seed) → local OpenAI-compatible SSE server on 127.0.0.1 in its own thread; VIP user (no quota writes)',
  timeToFirstTokenMs: { direct: d, relay: r },
  addedToFirstTokenMs: {
    median: round(d.median === undefined ? 0 : r.median - d.median),
    p99: round(r.p99 - d.p99),
    target: 5,
  },
  stopToUpstreamCloseMs: { ...summary(stopTimes), target: 100 },
  disconnectToUpstreamCloseMs: { ...summary(disconnectTimes), target: 100 },
};
results.pass =
  results.addedToFirstTokenMs.median < 5 &&
  results.stopToUpstreamCloseMs.p99 < 100 &&
  results.disconnectToUpstreamCloseMs.p99 < 100;

const outDir = path.join(root, 'bench/results');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'chat.json'), `${JSON.stringify(results, null, 2)}\n`);
const md = `# Chat relay benchmark

${results.date} · Node ${results.node} · ${results.cpus} CPUs, load average ${results.loadAverage1m} · ${RUNS} questions, ${STOP_RUNS} stops and ${STOP_RUNS} disconnects

Setup: ${results.setup}.

| measure | median | p99 | max | target |
| --- | ---: | ---: | ---: | ---: |
| time to first token, provider direct | ${d.median} ms | ${d.p99} ms | ${d.max} ms | |
| time to first token, through our relay | ${r.median} ms | ${r.p99} ms | ${r.max} ms | |
| **added by the relay** | **${results.addedToFirstTokenMs.median} ms** | **${results.addedToFirstTokenMs.p99} ms** | | < 5 ms |
| \`stop\` → provider request closed | ${results.stopToUpstreamCloseMs.median} ms | ${results.stopToUpstreamCloseMs.p99} ms | ${results.stopToUpstreamCloseMs.max} ms | < 100 ms |
| client disconnect → provider request closed | ${results.disconnectToUpstreamCloseMs.median} ms | ${results.disconnectToUpstreamCloseMs.p99} ms | ${results.disconnectToUpstreamCloseMs.max} ms | < 100 ms |

The relay's first-token time includes HTTP parsing, the token check, the session check (which also reads the
membership: members are not charged; on the embedded database it is remembered until a trigger reports a
change), validation, the censor, the quota for non-members, and the provider request through the OpenAI SDK
(node:http transport; its event stream read per network read). The quota write overlaps the provider request;
the question and answer rows are written after the first token is out. Later deltas go out at most every 30 ms.
Everything here runs on one machine shared with the provider and the client; its load shows in the numbers.
Result: ${results.pass ? 'targets met' : 'TARGETS MISSED'}.
`;
writeFileSync(path.join(outDir, 'chat.md'), md);
console.log(md);
process.exit(0);
