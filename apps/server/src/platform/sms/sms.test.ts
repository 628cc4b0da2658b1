import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  aliyunCanonicalQuery,
  aliyunPercentEncode,
  aliyunSignature,
  aliyunStringToSign,
} from '../cloud-api/aliyun-rpc.js';
import { tc3Sign } from '../cloud-api/tencent-api3.js';
import { createAliyunSms } from './aliyun-sms.js';
import { createConsoleSms, readSmsOutbox } from './console-sms.js';
import { SmsError, e164, mainlandNumber } from './sms-provider.js';
import { createTencentSms } from './tencent-sms.js';

/** A local HTTP server whose answer each test sets; it records every request it gets. */
const startServer = async () => {
  const requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  let handler: (req: { headers: IncomingMessage['headers']; body: string }, res: ServerResponse) => void = (
    _r,
    res,
  ) => res.end('{}');
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (h: typeof handler) => {
      handler = h;
    },
    json: (status: number, body: unknown) => {
      handler = (_r, res) => {
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify(body));
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe('phone forms', () => {
  it('strips or adds the mainland prefix', () => {
    expect(mainlandNumber('+8613800138000')).toBe('13800138000');
    expect(mainlandNumber('008613800138000')).toBe('13800138000');
    expect(e164('13800138000')).toBe('+8613800138000');
    expect(e164('+85261234567')).toBe('+85261234567');
    expect(e164('0085261234567')).toBe('+85261234567');
  });
});

describe('console provider', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sms-outbox-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('logs the message and appends {phone, code, at} lines to <dataDir>/outbox/sms.jsonl, creating the folder', async () => {
    const logged: { obj: object; msg?: string }[] = [];
    const provider = createConsoleSms({
      dataDir: join(dir, 'data'),
      logger: { info: (obj, msg) => logged.push({ obj, msg }) },
      now: () => new Date('2025-01-02T03:04:05.000Z'),
    });
    expect(await readSmsOutbox(join(dir, 'data'))).toEqual([]);
    await provider.send('13800138000', '123456', 5);
    await Promise.all([provider.send('13900139000', '654321', 5), provider.send('13700137000', '111111', 5)]);
    const outbox = await readSmsOutbox(join(dir, 'data'));
    expect(outbox[0]).toEqual({ phone: '13800138000', code: '123456', at: '2025-01-02T03:04:05.000Z' });
    expect(outbox.map((e) => e.code).sort()).toEqual(['111111', '123456', '654321']);
    expect(JSON.stringify(logged[0])).toContain('你的验证码是123456，5分钟内有效');
  });
});

describe('aliyun signature', () => {
  it('matches the worked example of the Aliyun RPC signature documentation (ECS DescribeRegions)', () => {
    // AccessKeySecret "testsecret", documented StringToSign and Signature.
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunStringToSign('GET', params)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0' +
        '%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(aliyunSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('matches the worked SendSms example of the Aliyun SMS documentation (HTTP协议及签名)', () => {
    // AccessKeyId testId / AccessKeySecret testSecret; Chinese SignName and JSON TemplateParam.
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunCanonicalQuery(params)).toBe(
      'AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou' +
        '&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8' +
        '&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0' +
        '&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D' +
        '&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
    );
    expect(aliyunSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('percent-encodes per the documented rules', () => {
    expect(aliyunPercentEncode("a b+c*d~e!f'(g)")).toBe('a%20b%2Bc%2Ad~e%21f%27%28g%29');
    expect(aliyunPercentEncode('-_.~')).toBe('-_.~');
  });
});

describe('aliyun provider against a local server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.requests.length = 0;
  });

  const provider = () =>
    createAliyunSms(
      {
        endpoint: `${server.url}/`,
        accessKeyId: 'LTAI-test',
        accessKeySecret: 'secret-test',
        signName: 'AI创作家',
        templateCode: 'SMS_000001',
      },
      { now: () => new Date('2025-03-04T05:06:07.890Z'), nonce: () => 'nonce-1' },
    );

  it('sends a signed SendSms request and accepts Code OK', async () => {
    server.json(200, {
      Message: 'OK',
      RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990',
      Code: 'OK',
      BizId: '900619746936498440^0',
    });
    await provider().send('+8613800138000', '246810', 5);
    const [req] = server.requests;
    expect(req!.method).toBe('POST');
    expect(req!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const params = Object.fromEntries(new URLSearchParams(req!.body));
    expect(params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      AccessKeyId: 'LTAI-test',
      PhoneNumbers: '13800138000',
      SignName: 'AI创作家',
      TemplateCode: 'SMS_000001',
      TemplateParam: '{"code":"246810"}',
      Timestamp: '2025-03-04T05:06:07Z',
      SignatureNonce: 'nonce-1',
      SignatureMethod: 'HMAC-SHA1',
      Format: 'JSON',
    });
    // The server side of the check: recompute the signature over what arrived.
    const { Signature, ...rest } = params;
    expect(Signature).toBe(aliyunSignature('POST', rest, 'secret-test'));
  });

  it('turns a business error (HTTP 200, Code ≠ OK) into an SmsError with the provider message', async () => {
    server.json(200, {
      Message: '触发小时级流控Permits:5',
      RequestId: 'req-2',
      Code: 'isv.BUSINESS_LIMIT_CONTROL',
    });
    const err = await provider()
      .send('13800138000', '246810', 5)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsError);
    expect((err as SmsError).code).toBe('isv.BUSINESS_LIMIT_CONTROL');
    expect((err as SmsError).message).toBe(
      'aliyun SMS failed (isv.BUSINESS_LIMIT_CONTROL): 触发小时级流控Permits:5 [request req-2]',
    );
  });

  it('turns a signature error (HTTP 400) and a non-JSON answer into SmsErrors', async () => {
    server.json(400, {
      RequestId: 'req-3',
      Message: 'Specified signature is not matched with our calculation.',
      Recommend: 'https://next.api.aliyun.com/troubleshoot',
      HostId: 'dysmsapi.aliyuncs.com',
      Code: 'SignatureDoesNotMatch',
    });
    await expect(provider().send('13800138000', '1', 5)).rejects.toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    server.answer((_r, res) => {
      res.writeHead(502);
      res.end('<html>Bad Gateway</html>');
    });
    await expect(provider().send('13800138000', '1', 5)).rejects.toMatchObject({ code: 'HTTP_502' });
  });

  it('reports an unreachable endpoint as a NETWORK error', async () => {
    const p = createAliyunSms({
      endpoint: 'http://127.0.0.1:1/',
      accessKeyId: 'a',
      accessKeySecret: 'b',
      signName: 's',
      templateCode: 't',
    });
    await expect(p.send('13800138000', '1', 5)).rejects.toMatchObject({ code: 'NETWORK' });
  });
});

describe('tencent TC3 signature', () => {
  // The worked example of Tencent Cloud's "Signature v3" page: CVM DescribeInstances, timestamp 1551113065.
  const example = {
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
    service: 'cvm',
    host: 'cvm.tencentcloudapi.com',
    timestamp: 1551113065,
    payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  };

  it('reproduces the documented canonical request, string to sign and signature', () => {
    const result = tc3Sign({ ...example, secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE' });
    expect(result.canonicalRequest).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n' +
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    expect(result.stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    );
    expect(result.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(result.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('reproduces the Chinese edition of the page, whose key is printed masked (the mask is part of the key)', () => {
    const result = tc3Sign({ ...example, secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******' });
    expect(result.signature).toBe('2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c');
  });

  it('uses the UTC date of the timestamp (16:44 UTC is already the 26th in Beijing)', () => {
    expect(tc3Sign({ ...example, secretKey: 'k' }).stringToSign).toContain('\n2019-02-25/cvm/tc3_request\n');
  });
});

describe('tencent provider against a local server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.requests.length = 0;
  });

  const provider = () =>
    createTencentSms(
      {
        endpoint: server.url,
        secretId: 'AKID-test',
        secretKey: 'key-test',
        smsSdkAppId: '1400006666',
        signName: 'AI创作家',
        templateId: '449739',
      },
      { now: () => new Date('2025-03-04T05:06:07.890Z') },
    );

  it('sends a TC3-signed SendSms request and accepts SendStatusSet Code Ok', async () => {
    server.json(200, {
      Response: {
        SendStatusSet: [
          {
            SerialNo: '5000:1045710669157053657849499619',
            PhoneNumber: '+8613800138000',
            Fee: 1,
            SessionContext: '',
            Code: 'Ok',
            Message: 'send success',
            IsoCode: 'CN',
          },
        ],
        RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279',
      },
    });
    await provider().send('13800138000', '246810', 5);
    const [req] = server.requests;
    expect(req!.headers).toMatchObject({
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-timestamp': '1741064767',
      'x-tc-region': 'ap-guangzhou',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(JSON.parse(req!.body)).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400006666',
      SignName: 'AI创作家',
      TemplateId: '449739',
      TemplateParamSet: ['246810', '5'],
    });
    // The server side of the check: recompute over the host and body that arrived.
    const expected = tc3Sign({
      secretId: 'AKID-test',
      secretKey: 'key-test',
      service: 'sms',
      host: req!.headers.host!,
      timestamp: 1741064767,
      payload: req!.body,
    });
    expect(req!.headers.authorization).toBe(expected.authorization);
    expect(req!.headers.authorization).toContain('Credential=AKID-test/2025-03-04/sms/tc3_request');
  });

  it('turns Response.Error into an SmsError', async () => {
    server.json(200, {
      Response: {
        Error: {
          Code: 'AuthFailure.SignatureFailure',
          Message: 'The provided credentials could not be validated.',
        },
        RequestId: 'req-err',
      },
    });
    const err = (await provider()
      .send('13800138000', '1', 5)
      .catch((e: unknown) => e)) as SmsError;
    expect(err).toBeInstanceOf(SmsError);
    expect(err.code).toBe('AuthFailure.SignatureFailure');
    expect(err.requestId).toBe('req-err');
    expect(err.message).toContain('could not be validated');
  });

  it('turns a per-number failure into an SmsError', async () => {
    server.json(200, {
      Response: {
        SendStatusSet: [
          {
            SerialNo: '',
            PhoneNumber: '+8613800138000',
            Fee: 0,
            SessionContext: '',
            Code: 'LimitExceeded.PhoneNumberDailyLimit',
            Message:
              'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
            IsoCode: 'CN',
          },
        ],
        RequestId: 'req-limit',
      },
    });
    await expect(provider().send('13800138000', '1', 5)).rejects.toMatchObject({
      code: 'LimitExceeded.PhoneNumberDailyLimit',
      provider: 'tencent',
    });
  });
});
