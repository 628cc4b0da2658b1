// The reference of bench/api.bench.mjs: a bare Fastify server (no plugins, no hooks) that answers each read
// with the very bytes and content headers the product answered, recorded just before. Run as its own process,
// as the product is: `node bench/bare-server.mjs <answers.json>`; prints `port <n>` once listening.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
for (const answer of answers) {
  const body = Buffer.from(answer.bodyBase64, 'base64');
  app.route({
    method: answer.method,
    url: answer.path,
    handler: (_req, reply) => {
      reply.headers(answer.headers);
      reply.send(body);
    },
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`port ${app.server.address().port}`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
