import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';

/** A local HTTP (and optionally WebSocket) server a provider test scripts to speak the provider's protocol. */
export interface Peer {
  base: string;
  /** `METHOD /path?query` of every request, in order. */
  calls: string[];
  bodies: unknown[];
  /** Each request's bytes and content type (multipart bodies are read from these). */
  raw: { type: string; body: Buffer }[];
  sockets: WebSocket[];
  close(): Promise<void>;
}

export const png = (width: number, height: number, color = '#3a7bd5') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
/** A PNG signature and nothing decodable after it. */
export const BROKEN = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('truncated'),
]);

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const text = raw.toString();
  try {
    return { raw, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    return { raw, body: text as unknown };
  }
};

/** A multipart request's form, as the peer received it. */
export const formOf = (request: { type: string; body: Buffer }) =>
  new Response(new Uint8Array(request.body), { headers: { 'content-type': request.type } }).formData();

export const startPeer = async (
  handle: (req: IncomingMessage, res: ServerResponse, body: unknown, peer: Peer) => unknown,
  withSocket = false,
): Promise<Peer> => {
  const server = createServer((req, res) => {
    void (async () => {
      const { raw, body } = await readBody(req);
      peer.calls.push(`${req.method} ${req.url}`);
      peer.bodies.push(body);
      peer.raw.push({ type: req.headers['content-type'] ?? '', body: raw });
      await handle(req, res, body, peer);
    })();
  });
  const peer: Peer = {
    base: '',
    calls: [],
    bodies: [],
    raw: [],
    sockets: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of peer.sockets) socket.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  if (withSocket) {
    const wss = new WebSocketServer({ server, path: '/ws' });
    wss.on('connection', (socket) => peer.sockets.push(socket));
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
};

export const sendJson = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};
