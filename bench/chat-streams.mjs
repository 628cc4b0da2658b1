// The long chat answers of the soak's relay check, read in a worker thread of their own: they stand for other
// users' browsers, so reading them must not hold the thread that times a new question's first token.
// Receives { base, streams: [{ token, ip }], content }; posts { streaming: n } once every answer has sent a token
// or failed (n answers streaming), { tokens } (tokens read so far) when asked 'count', and { closed } after
// 'close' aborted them all.
import { parentPort, workerData } from 'node:worker_threads';

const { base, streams, content } = workerData;
const controller = new AbortController();
let tokens = 0;
let settled = 0;
let streaming = 0;
const settle = (ok) => {
  if (ok) streaming += 1;
  if (++settled === streams.length) parentPort.postMessage({ streaming });
};
const reading = streams.map(async ({ token, ip }) => {
  const res = await fetch(`${base}/api/sysMessage/sendToRobotForSSE/999`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ content }),
    signal: controller.signal,
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.arrayBuffer();
    return settle(false);
  }
  const reader = res.body.getReader();
  let first = true;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      // The bench provider's tokens are 词0, 词1, …: one 词 (UTF-8 e8 af 8d) per token.
      for (let i = 0; i < value.length; i += 1)
        if (value[i] === 0xe8 && value[i + 1] === 0xaf && value[i + 2] === 0x8d) tokens += 1;
      if (first && tokens) {
        first = false;
        settle(true);
      }
    }
  } catch {
    // aborted at the end of the check
  }
  if (first) settle(false);
});
parentPort.on('message', async (message) => {
  if (message === 'count') parentPort.postMessage({ tokens });
  if (message === 'close') {
    controller.abort();
    await Promise.allSettled(reading);
    parentPort.postMessage({ closed: true, tokens });
  }
});
