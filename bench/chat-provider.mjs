// The OpenAI-compatible streaming server of the chat bench, in a worker thread of its own (a real provider
// is elsewhere: it must not wait on the bench client's own work). Posts { port } once listening and
// { closedAt } (process.hrtime, ms) when a client closes a stream before it ended.
import http from 'node:http';
import { parentPort } from 'node:worker_threads';

const hrNow = () => Number(process.hrtime.bigint()) / 1e6;
let requestSeq = 0;

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = JSON.parse(raw || '{}');
    // A question with LONG in it gets an endless answer, a token every 5 ms (for stop and disconnect).
    const long = /LONG/.test(JSON.stringify(body.messages ?? []));
    const id = ++requestSeq;
    let finished = false;
    res.on('close', () => {
      if (!finished) parentPort.postMessage({ closedAt: hrNow() });
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const tokens = long ? 100000 : 20;
    const gapMs = long ? 5 : 0;
    const chunk = (choices, extra = {}) =>
      `data: ${JSON.stringify({ id: `c${id}`, object: 'chat.completion.chunk', created: 0, model: body.model, choices, ...extra })}\n\n`;
    let i = 0;
    const step = () => {
      if (res.destroyed) return;
      if (i >= tokens) {
        const usage = { prompt_tokens: 10, completion_tokens: tokens, total_tokens: 10 + tokens };
        res.write(chunk([], { usage }));
        res.write('data: [DONE]\n\n');
        finished = true;
        res.end();
        return;
      }
      res.write(chunk([{ index: 0, delta: { content: `词${i++}` }, finish_reason: null }]));
      if (gapMs) setTimeout(step, gapMs);
      else setImmediate(step);
    };
    step();
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (message) => {
  if (message === 'close') server.close(() => process.exit(0));
});
