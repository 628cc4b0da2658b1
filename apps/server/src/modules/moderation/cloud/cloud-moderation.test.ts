import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PICTURE_MODERATION } from '@app/contract';
import { aliyunSignature } from '../../../platform/cloud-api/aliyun-rpc.js';
import { tc3Sign } from '../../../platform/cloud-api/tencent-api3.js';
import { createTestApp, json } from '../../../test/build-app.js';
import { bearer, tokenFor } from '../../../test/tokens.js';
import { multipart } from '../../../test/uploads.js';
import { createPictureScreen } from '../pictures/picture-screen.js';
import { createAliyunModerator } from './aliyun-image-moderation.js';
import { CloudModerationError, cloudPicture } from './cloud-moderator.js';
import { createTencentModerator } from './tencent-image-moderation.js';

const cat = readFileSync(path.resolve(import.meta.dirname, '../../../../static/plaza/cat.png'));
type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/** A local server speaking a provider's protocol: `reply` checks each request and answers as the provider does. */
const startServer = async () => {
  const requests: Seen[] = [];
  let reply: (req: Seen) => [number, unknown] | Promise<[number, unknown]> = () => [200, {}];
  const server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(seen);
      void Promise.resolve(reply(seen)).then(([status, body]) =>
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(body)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer: (r: typeof reply) => {
      reply = r;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const ALIYUN_SECRET = 'aliyun-secret';
/** Aliyun's side: the signature recomputed over the form parameters that arrived, then the documented answers. */
const aliyunReply = (answer: unknown) => (req: Seen): [number, unknown] => {
  const { Signature, ...params } = Object.fromEntries(new URLSearchParams(req.body));
  if (Signature !== aliyunSignature('POST', params, ALIYUN_SECRET))
    return [400, { RequestId: 'req-sig', HostId: 'green-cip.cn-shanghai.aliyuncs.com', Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' }];
  return [200, answer];
};

const TENCENT_KEY = 'tencent-key';
/** Tencent's side: TC3-HMAC-SHA256 recomputed from the request's own headers and body, then the documented answers. */
const tencentReply = (answer: unknown) => (req: Seen): [number, unknown] => {
  const expected = tc3Sign({
    secretId: 'AKID-test',
    secretKey: TENCENT_KEY,
    service: 'ims',
    host: req.headers.host!,
    timestamp: Number(req.headers['x-tc-timestamp']),
    payload: req.body,
  }).authorization;
  if (req.headers.authorization !== expected)
    return [200, { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'req-sig' } }];
  return [200, answer];
};

describe('Aliyun 内容安全 ImageModeration against a local server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const links: string[] = [];
  const taken: string[] = [];
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.requests.length = 0;
  });
  const moderator = (secret = ALIYUN_SECRET) =>
    createAliyunModerator(
      { endpoint: `${server.url}/`, accessKeyId: 'LTAI-test', accessKeySecret: secret },
      {
        publish: async () => {
          const url = `https://example.test/files/private/moderation/${links.length}.jpg?expires=1&sig=s`;
          links.push(url);
          return { url, done: async () => void taken.push(url) };
        },
        now: () => new Date('2026-03-04T05:06:07.890Z'),
        nonce: () => 'nonce-1',
      },
    );

  it('sends a signed RPC request with the picture’s link and reads RiskLevel and the labels', async () => {
    server.answer(
      aliyunReply({
        Code: 200,
        Msg: 'OK',
        RequestId: 'ABCCB4C2-8F2A-4A1D-9E0D-2E9A3A2D6C11',
        Data: { DataId: 'd1', RiskLevel: 'high', Result: [{ Label: 'pornographic_adultContent', Confidence: 91.2 }, { Label: 'sexual_suggestiveContent', Confidence: 60 }] },
      }),
    );
    const judged = await moderator().judge(await cloudPicture(cat, 'd1'));
    expect(judged).toEqual({ verdict: 'block', risk: 0.912, labels: ['pornographic_adultContent', 'sexual_suggestiveContent'] });
    const [req] = server.requests;
    expect(req!.method).toBe('POST');
    expect(req!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const params = Object.fromEntries(new URLSearchParams(req!.body));
    expect(params).toMatchObject({
      Action: 'ImageModeration',
      Version: '2022-03-02',
      Format: 'JSON',
      AccessKeyId: 'LTAI-test',
      Service: 'baselineCheck',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: 'nonce-1',
      Timestamp: '2026-03-04T05:06:07Z',
    });
    expect(JSON.parse(params.ServiceParameters!)).toEqual({ imageUrl: links.at(-1), dataId: 'd1' });
    // The picture's link is taken back once answered.
    expect(taken).toContain(links.at(-1));
  });

  it('passes nonLabel, reviews medium risk', async () => {
    server.answer(aliyunReply({ Code: 200, Msg: 'OK', RequestId: 'r', Data: { RiskLevel: 'none', Result: [{ Label: 'nonLabel' }] } }));
    expect(await moderator().judge(await cloudPicture(cat, 'd2'))).toEqual({ verdict: 'pass', risk: 0, labels: [] });
    server.answer(aliyunReply({ Code: 200, Msg: 'OK', RequestId: 'r', Data: { RiskLevel: 'medium', Result: [{ Label: 'sexual_suggestiveContent', Confidence: 70 }] } }));
    expect((await moderator().judge(await cloudPicture(cat, 'd3'))).verdict).toBe('review');
  });

  it('fails with the provider’s code on a wrong signature (HTTP 400) and on a refusal in the body', async () => {
    server.answer(aliyunReply({ Code: 200, Msg: 'OK', Data: { RiskLevel: 'none', Result: [] } }));
    const bad = await moderator('wrong-secret').judge(await cloudPicture(cat, 'd4')).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CloudModerationError);
    expect((bad as CloudModerationError).code).toBe('SignatureDoesNotMatch');
    server.answer(aliyunReply({ Code: 408, Msg: 'permission denied', RequestId: 'req-408' }));
    await expect(moderator().judge(await cloudPicture(cat, 'd5'))).rejects.toThrow('aliyun image moderation failed (408): permission denied [request req-408]');
  });

  it('an app configured with Aliyun offers the picture at a signed link of its own, which answers the JPEG', async () => {
    const app = await createTestApp({
      ALIYUN_GREEN_ACCESS_KEY_ID: 'LTAI-test',
      ALIYUN_GREEN_ACCESS_KEY_SECRET: ALIYUN_SECRET,
      ALIYUN_GREEN_ENDPOINT: `${server.url}/`,
      PUBLIC_BASE_URL: 'https://aichuang.example',
    });
    let fetched: { status: number; type: string | undefined; first: number } | null = null;
    server.answer(async (req) => {
      const { imageUrl } = JSON.parse(new URLSearchParams(req.body).get('ServiceParameters')!) as { imageUrl: string };
      expect(imageUrl.startsWith('https://aichuang.example/files/private/moderation/')).toBe(true);
      // Aliyun reads the picture at the link while answering.
      const res = await app.inject({ method: 'GET', url: imageUrl.replace('https://aichuang.example', '') });
      fetched = { status: res.statusCode, type: res.headers['content-type'] as string | undefined, first: res.rawPayload[0]! };
      return aliyunReply({ Code: 200, Msg: 'OK', RequestId: 'r', Data: { RiskLevel: 'high', Result: [{ Label: 'pornographic_adultContent', Confidence: 95 }] } })(req);
    });
    try {
      const body = multipart([{ field: 'file', name: 'cat.png', type: 'image/png', data: cat }]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysCommonInfo/UploadAttachments?category=general',
        headers: { ...bearer(await tokenFor(app, 'demo')), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).extras?.error).toBe('picture_refused');
      expect(fetched).toEqual({ status: 200, type: 'image/jpeg', first: 0xff });
      // Taken back after the answer.
      expect(await app.platform.storage.backend.list('moderation/', 'private')).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('Tencent 天御 IMS ImageModeration against a local server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  const moderator = (secretKey = TENCENT_KEY) =>
    createTencentModerator(
      { endpoint: server.url, secretId: 'AKID-test', secretKey, bizType: 'aichuang_pic' },
      { now: () => new Date('2026-03-04T23:59:59.000Z') },
    );

  it('sends a TC3-signed API 3.0 request with the picture in the body and reads the suggestion', async () => {
    server.answer(
      tencentReply({
        Response: {
          Suggestion: 'Review',
          Label: 'Porn',
          SubLabel: 'SexyBehavior',
          Score: 72,
          LabelResults: [
            { Scene: 'Porn', Suggestion: 'Review', Label: 'Porn', SubLabel: 'SexyBehavior', Score: 72 },
            { Scene: 'Terror', Suggestion: 'Pass', Label: 'Normal', SubLabel: '', Score: 0 },
          ],
          DataId: 'd1',
          BizType: 'aichuang_pic',
          RequestId: 'b2b7c0a3-1f1e-4a53-8c7b-3b6f0a1f5e6d',
        },
      }),
    );
    expect(await moderator().judge(await cloudPicture(cat, 'd1'))).toEqual({ verdict: 'review', risk: 0.72, labels: ['Porn/SexyBehavior'] });
    const req = server.requests.at(-1)!;
    expect(req.headers).toMatchObject({
      'x-tc-action': 'ImageModeration',
      'x-tc-version': '2020-12-29',
      'x-tc-region': 'ap-guangzhou',
      'x-tc-timestamp': String(Date.parse('2026-03-04T23:59:59.000Z') / 1000),
      'content-type': 'application/json; charset=utf-8',
    });
    expect(req.headers.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKID-test\/2026-03-04\/ims\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/);
    const body = JSON.parse(req.body) as { BizType: string; DataId: string; FileContent: string };
    expect(body.BizType).toBe('aichuang_pic');
    expect(body.DataId).toBe('d1');
    // The picture itself, as a JPEG.
    expect(Buffer.from(body.FileContent, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('fails with Response.Error’s code on a wrong signature', async () => {
    server.answer(tencentReply({ Response: { Suggestion: 'Pass', Label: 'Normal', Score: 0, RequestId: 'r' } }));
    const bad = await moderator('wrong').judge(await cloudPicture(cat, 'd2')).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CloudModerationError);
    expect((bad as CloudModerationError).code).toBe('AuthFailure.SignatureFailure');
  });

  it('the picture screen asks the cloud first and falls back to the offline classifier when it fails', async () => {
    let offline = 0;
    const screen = (secretKey: string) =>
      createPictureScreen({
        classifier: {
          classify: async () => {
            offline += 1;
            return { drawing: 0.1, hentai: 0, neutral: 0.9, porn: 0, sexy: 0 };
          },
          loaded: () => true,
          close: async () => undefined,
        },
        readText: async () => null,
        censor: { censorText: async () => ({ ok: true, words: [], text: '' }) as never },
        thresholds: async () => DEFAULT_PICTURE_MODERATION,
        log: { warn: () => undefined },
        cloud: [moderator(secretKey)],
      });
    server.answer(tencentReply({ Response: { Suggestion: 'Block', Label: 'Porn', Score: 99, LabelResults: [], RequestId: 'r' } }));
    expect(await screen(TENCENT_KEY).review(1, cat, 'u')).toMatchObject({ engine: 'tencent', verdict: 'block', risk: 0.99, scores: null });
    expect(offline).toBe(0);
    expect(await screen('wrong').review(1, cat, 'u')).toMatchObject({ engine: 'nsfwjs', verdict: 'pass' });
    expect(offline).toBe(1);
  });

  it('an app configured with Tencent IMS refuses an upload the service blocks', async () => {
    server.answer(tencentReply({ Response: { Suggestion: 'Block', Label: 'Porn', Score: 97, LabelResults: [], RequestId: 'r' } }));
    const app = await createTestApp({ TENCENT_IMS_SECRET_ID: 'AKID-test', TENCENT_IMS_SECRET_KEY: TENCENT_KEY, TENCENT_IMS_ENDPOINT: server.url });
    try {
      const before = server.requests.length;
      const body = multipart([{ field: 'file', name: 'cat.png', type: 'image/png', data: cat }]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/sysCommonInfo/UploadAttachments?category=general',
        headers: { ...bearer(await tokenFor(app, 'demo')), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).extras?.error).toBe('picture_refused');
      expect(server.requests.length).toBe(before + 1);
    } finally {
      await app.close();
    }
  }, 120_000);
});
