// A loopback TCP relay between the product and PostgreSQL that reads the statements the product sends (the
// wire protocol's Parse/Bind and simple Query messages), so a bench can show the plan of every read a request
// really runs, with its real parameters, without changing the product. Plaintext connections only (the
// product connects to a loopback server without TLS).
import { createServer, connect } from 'node:net';

/** Reads the statements of one client→server byte stream. */
const statementReader = (onStatement) => {
  let buffer = Buffer.alloc(0);
  let started = false;
  const prepared = new Map(); // statement name → SQL text
  const cstring = (buf, at) => {
    const end = buf.indexOf(0, at);
    return [buf.toString('utf8', at, end), end + 1];
  };
  const message = (type, body) => {
    if (type === 'Q') onStatement({ sql: cstring(body, 0)[0], params: [] });
    else if (type === 'P') {
      const [name, at] = cstring(body, 0);
      prepared.set(name, cstring(body, at)[0]);
    } else if (type === 'B') {
      let [, at] = cstring(body, 0);
      let name;
      [name, at] = cstring(body, at);
      const formats = body.readInt16BE(at);
      at += 2 + formats * 2;
      const count = body.readInt16BE(at);
      at += 2;
      const params = [];
      for (let i = 0; i < count; i++) {
        const length = body.readInt32BE(at);
        at += 4;
        if (length < 0) params.push(null);
        else {
          params.push(body.toString('utf8', at, at + length));
          at += length;
        }
      }
      const sql = prepared.get(name);
      if (sql !== undefined) onStatement({ sql, params });
    }
  };
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        // The startup message (and an SSL request, if any) has a length but no type byte.
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        if (code !== 80877103) started = true; // not an SSLRequest: the real startup
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      message(String.fromCharCode(buffer[0]), buffer.subarray(5, length + 1));
      buffer = buffer.subarray(length + 1);
    }
  };
};

/**
 * Starts the relay to `target` (a postgres:// URL). Answers the URL to give the product and a `take()` that
 * returns (and forgets) the statements seen since the last call.
 */
export const startCapture = async (target) => {
  const url = new URL(target);
  let seen = [];
  const server = createServer((client) => {
    const upstream = connect(Number(url.port || 5432), url.hostname);
    const read = statementReader((statement) => seen.push(statement));
    client.on('data', (chunk) => {
      try {
        read(chunk);
      } catch {
        // a message we cannot read is still relayed
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(target);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(server.address().port);
  return {
    url: relayed.toString(),
    take() {
      const taken = seen;
      seen = [];
      return taken;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

const quote = (value) => (value === null ? 'NULL' : `'${String(value).replaceAll("'", "''")}'`);

/** Whether a statement only reads (its plan can be taken with EXPLAIN ANALYZE safely). */
export const isRead = (sql) => /^\s*(select|with)\b/i.test(sql) && !/\b(insert|update|delete)\b/i.test(sql);

/** `EXPLAIN (ANALYZE, BUFFERS)` of a captured read, its parameters written in as literals. */
export const explain = async (client, { sql, params }) => {
  const text = sql.replace(/\$(\d+)/g, (_, n) => quote(params[Number(n) - 1]));
  const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`);
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
};
