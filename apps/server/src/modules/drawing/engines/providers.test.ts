import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawSizeOf } from '@app/contract';
import { createComfyUiEngine } from './comfyui.js';
import { createDashScopeEngine } from './dashscope-wanx.js';
import { DrawEngineError, type DrawRequest, type EngineRun, type ImageEngine } from './image-engine.js';
import { createMidjourneyEngine, createNotifyWakeups } from './midjourney-proxy.js';
import { createOpenAiImageEngine } from './openai-images.js';
import { createSdWebUiEngine } from './sd-webui.js';
import { BROKEN, png, sendJson, startPeer as startProtocolPeer, type Peer } from './protocol-peer.js';

/**
 * Each provider against a local server speaking its documented protocol: a normal run, one that hangs (the
 * task's limit ends it), one that fails, one that answers a broken image, and (for providers with task ids) a
 * restarted worker that fetches the stored task instead of submitting again.
 */

type Behaviour = 'ok' | 'hang' | 'fail' | 'broken';
const peers: Peer[] = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});
const startPeer: typeof startProtocolPeer = async (...args) => {
  const peer = await startProtocolPeer(...args);
  peers.push(peer);
  return peer;
};

const request = (count = 2): DrawRequest => ({
  prompt: 'city at sunset',
  negativePrompt: 'blurry',
  style: 'watercolor',
  ratio: '3:4',
  ...drawSizeOf('3:4'),
  count,
  seed: 7,
  roleImages: [],
});

const makeRun = (options: { providerTaskId?: string | null; limitMs?: number } = {}) => {
  const progress: number[] = [];
  const remembered: string[] = [];
  const run: EngineRun = {
    signal: AbortSignal.timeout(options.limitMs ?? 5000),
    progress: async (percent) => {
      progress.push(percent);
    },
    providerTaskId: options.providerTaskId ?? null,
    rememberTaskId: async (id) => {
      remembered.push(id);
    },
  };
  return { run, progress, remembered };
};

const drawFails = async (engine: ImageEngine, run: EngineRun) => {
  try {
    await engine.draw(request(), run);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the draw to fail');
};

const sizes = async (images: Buffer[]) =>
  Promise.all(
    images.map(async (b) => (({ width, height }) => `${width}x${height}`)(await sharp(b).metadata())),
  );

describe('OpenAI-compatible images API', () => {
  const peerFor = (behaviour: Behaviour) =>
    startPeer(async (req, res, body) => {
      if (req.url === '/v1/images/generations') {
        if (behaviour === 'hang') return;
        if (behaviour === 'fail')
          return sendJson(res, 400, { error: { code: 'content_policy_violation', message: 'rejected' } });
        const { n } = body as { n: number };
        const b64 =
          behaviour === 'broken' ? BROKEN.toString('base64') : (await png(1024, 1536)).toString('base64');
        return sendJson(res, 200, { created: 1, data: Array.from({ length: n }, () => ({ b64_json: b64 })) });
      }
      sendJson(res, 404, {});
    });
  const engineAt = (peer: Peer) =>
    createOpenAiImageEngine({
      baseUrl: `${peer.base}/v1`,
      apiKey: 'sk-test',
      model: 'gpt-image-1',
      timeoutMs: 5000,
    });

  it('draws count images in one request with the ratio’s size and the bearer key', async () => {
    const peer = await peerFor('ok');
    const { run, progress } = makeRun();
    const images = await engineAt(peer).draw(request(), run);
    expect(await sizes(images)).toEqual(['1024x1536', '1024x1536']);
    expect(peer.bodies[0]).toMatchObject({ model: 'gpt-image-1', n: 2, size: '1024x1536' });
    expect((peer.bodies[0] as { prompt: string }).prompt).toContain('watercolor');
    expect(progress.at(-1)).toBe(90);
  });

  it('ends a hanging request at the task’s limit', async () => {
    const peer = await peerFor('hang');
    const started = Date.now();
    const error = await drawFails(engineAt(peer), makeRun({ limitMs: 300 }).run);
    expect(error.name).toMatch(/TimeoutError|AbortError/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a refused prompt is a permanent failure; a broken image is draw_broken_image', async () => {
    const refused = await drawFails(engineAt(await peerFor('fail')), makeRun().run);
    expect(refused).toMatchObject({ id: 'draw_provider_refused', retryable: false });
    const broken = await drawFails(engineAt(await peerFor('broken')), makeRun().run);
    expect(broken).toMatchObject({ id: 'draw_broken_image', retryable: false });
  });

  it('a 5xx before any image is worth a retry', async () => {
    const peer = await startPeer((_req, res) => sendJson(res, 503, { error: { message: 'overloaded' } }));
    expect(await drawFails(engineAt(peer), makeRun().run)).toMatchObject({
      id: 'draw_provider_error',
      retryable: true,
    });
  });
});

describe('Stable Diffusion WebUI', () => {
  const peerFor = (behaviour: Behaviour) => {
    let polls = 0;
    return startPeer(async (req, res, body) => {
      if (req.url?.startsWith('/sdapi/v1/progress')) {
        polls += 1;
        return sendJson(res, 200, {
          progress: Math.min(0.9, polls * 0.3),
          eta_relative: 1,
          state: { job_count: 1 },
        });
      }
      if (req.url === '/sdapi/v1/interrupt') return sendJson(res, 200, {});
      if (req.url === '/sdapi/v1/txt2img') {
        if (behaviour === 'hang') return;
        if (behaviour === 'fail')
          return sendJson(res, 500, { error: 'OutOfMemoryError', detail: 'CUDA out of memory' });
        await new Promise((resolve) => setTimeout(resolve, 250));
        const { width, height, batch_size } = body as { width: number; height: number; batch_size: number };
        const image = behaviour === 'broken' ? BROKEN : await png(width, height);
        return sendJson(res, 200, {
          images: Array.from({ length: batch_size }, () => image.toString('base64')),
        });
      }
      sendJson(res, 404, {});
    });
  };
  const engineAt = (peer: Peer) => createSdWebUiEngine({ baseUrl: peer.base, timeoutMs: 5000, pollMs: 50 });

  it('sends the size, seed and negative prompt; reports /progress while it draws', async () => {
    const peer = await peerFor('ok');
    const { run, progress } = makeRun();
    const images = await engineAt(peer).draw(request(), run);
    expect(await sizes(images)).toEqual(['768x1024', '768x1024']);
    expect(peer.bodies.find((b) => (b as { prompt?: string })?.prompt)).toMatchObject({
      width: 768,
      height: 1024,
      batch_size: 2,
      seed: 7,
      negative_prompt: 'blurry',
    });
    expect(progress.some((p) => p > 10 && p < 90)).toBe(true);
  });

  it('interrupts the WebUI when the task is ended while it hangs', async () => {
    const peer = await peerFor('hang');
    await drawFails(engineAt(peer), makeRun({ limitMs: 300 }).run);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(peer.calls).toContain('POST /sdapi/v1/interrupt');
  });

  it('fails on a 500 (retryable) and on a broken image (not retryable)', async () => {
    expect(await drawFails(engineAt(await peerFor('fail')), makeRun().run)).toMatchObject({
      id: 'draw_provider_error',
      retryable: true,
    });
    expect(await drawFails(engineAt(await peerFor('broken')), makeRun().run)).toMatchObject({
      id: 'draw_broken_image',
    });
  });
});

describe('midjourney-proxy', () => {
  const peerFor = (behaviour: Behaviour | 'banned' | 'full') => {
    let fetches = 0;
    return startPeer(async (req, res, _body, peer) => {
      if (req.headers['mj-api-secret'] !== 'mj-secret')
        return sendJson(res, 401, { description: 'unauthorized' });
      if (req.url === '/mj/submit/imagine') {
        if (behaviour === 'banned')
          return sendJson(res, 200, {
            code: 24,
            description: '可能包含敏感词',
            properties: { bannedWord: 'gore' },
          });
        if (behaviour === 'full')
          return sendJson(res, 200, { code: 23, description: '队列已满，请稍后尝试' });
        return sendJson(res, 200, {
          code: 22,
          description: '排队中，前面还有1个任务',
          result: '1700000000001',
        });
      }
      if (req.url === '/mj/task/1700000000001/fetch') {
        fetches += 1;
        if (behaviour === 'hang')
          return sendJson(res, 200, { id: '1700000000001', status: 'IN_PROGRESS', progress: '93%' });
        if (fetches === 1)
          return sendJson(res, 200, { id: '1700000000001', status: 'SUBMITTED', progress: '0%' });
        if (fetches === 2)
          return sendJson(res, 200, { id: '1700000000001', status: 'IN_PROGRESS', progress: '50%' });
        if (behaviour === 'fail')
          return sendJson(res, 200, {
            id: '1700000000001',
            status: 'FAILURE',
            failReason: 'Midjourney job failed',
          });
        return sendJson(res, 200, {
          id: '1700000000001',
          status: 'SUCCESS',
          progress: '100%',
          imageUrl: `${peer.base}/grid.png`,
        });
      }
      if (req.url === '/grid.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(behaviour === 'broken' ? BROKEN : await png(1536, 2048, '#aa3355'));
      }
      sendJson(res, 404, {});
    });
  };
  const engineAt = (peer: Peer) =>
    createMidjourneyEngine({ baseUrl: peer.base, apiKey: 'mj-secret', timeoutMs: 5000, pollMs: 20 });

  it('submits with the secret, stores the task id at once, polls to SUCCESS and cuts the grid', async () => {
    const peer = await peerFor('ok');
    const { run, progress, remembered } = makeRun();
    const images = await engineAt(peer).draw({ ...request(3), roleImages: [await png(32, 32)] }, run);
    expect(remembered).toEqual(['1700000000001']);
    expect(await sizes(images)).toEqual(['768x1024', '768x1024', '768x1024']);
    const submitted = peer.bodies[0] as { prompt: string; base64Array: string[] };
    expect(submitted.prompt).toContain('--ar 3:4');
    expect(submitted.prompt).toContain('--no blurry');
    expect(submitted.base64Array[0]).toMatch(/^data:image\/png;base64,/);
    expect(progress).toContain(50);
  });

  it('a restarted worker fetches the stored task instead of submitting again', async () => {
    const peer = await peerFor('ok');
    const { run, remembered } = makeRun({ providerTaskId: '1700000000001' });
    expect(await engineAt(peer).draw(request(1), run)).toHaveLength(1);
    expect(peer.calls.filter((c) => c.includes('/submit/'))).toEqual([]);
    expect(remembered).toEqual([]);
  });

  it('passes our notifyHook; the proxy’s notification wakes the poll at once instead of after the interval', async () => {
    const peer = await peerFor('ok');
    const wakeups = createNotifyWakeups();
    const engine = createMidjourneyEngine({
      baseUrl: peer.base,
      apiKey: 'mj-secret',
      timeoutMs: 20_000,
      pollMs: 60_000,
      notifyHook: 'https://app.example/api/aiDraw/notify/midjourney?token=t',
      wakeups,
    });
    const started = Date.now();
    const drawing = engine.draw(request(1), makeRun({ limitMs: 20_000 }).run);
    // Three fetches (SUBMITTED, IN_PROGRESS, SUCCESS), each after a notification.
    for (let fetches = 1; fetches <= 3; fetches++) {
      await vi.waitFor(() => expect(peer.calls.filter((c) => c.endsWith('/fetch')).length).toBe(fetches));
      await vi.waitFor(() => expect(wakeups.wake('1700000000001') || fetches === 3).toBe(true));
    }
    expect(await drawing).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(peer.bodies[0]).toMatchObject({
      notifyHook: 'https://app.example/api/aiDraw/notify/midjourney?token=t',
    });
    expect(wakeups.wake('1700000000001')).toBe(false);
  });

  it('ends a task stuck at 93 % at our own limit', async () => {
    const peer = await peerFor('hang');
    const started = Date.now();
    await drawFails(engineAt(peer), makeRun({ limitMs: 300 }).run);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('maps codes 23 and 24, FAILURE and a broken grid', async () => {
    expect(await drawFails(engineAt(await peerFor('full')), makeRun().run)).toMatchObject({
      id: 'draw_provider_busy',
      retryable: true,
    });
    expect(await drawFails(engineAt(await peerFor('banned')), makeRun().run)).toMatchObject({
      id: 'draw_provider_refused',
      retryable: false,
      detail: 'gore',
    });
    expect(await drawFails(engineAt(await peerFor('fail')), makeRun().run)).toMatchObject({
      id: 'draw_provider_error',
      retryable: false,
    });
    expect(await drawFails(engineAt(await peerFor('broken')), makeRun().run)).toMatchObject({
      id: 'draw_broken_image',
    });
    const wrongKey = createMidjourneyEngine({
      baseUrl: (await peerFor('ok')).base,
      apiKey: 'nope',
      timeoutMs: 5000,
    });
    expect(await drawFails(wrongKey, makeRun().run)).toMatchObject({ id: 'draw_provider_auth' });
  });
});

describe('DashScope wanx (async task)', () => {
  const peerFor = (behaviour: Behaviour) => {
    let polls = 0;
    return startPeer(async (req, res, _body, peer) => {
      if (req.url === '/api/v1/services/aigc/text2image/image-synthesis') {
        if (req.headers['x-dashscope-async'] !== 'enable')
          return sendJson(res, 400, { code: 'InvalidParameter', message: 'async only' });
        return sendJson(res, 200, {
          output: { task_id: 'task-86', task_status: 'PENDING' },
          request_id: 'r1',
        });
      }
      if (req.url === '/api/v1/tasks/task-86') {
        polls += 1;
        if (behaviour === 'hang' || polls < 2)
          return sendJson(res, 200, {
            output: { task_id: 'task-86', task_status: polls < 2 ? 'PENDING' : 'RUNNING' },
          });
        if (behaviour === 'fail')
          return sendJson(res, 200, {
            output: {
              task_id: 'task-86',
              task_status: 'FAILED',
              code: 'InternalError',
              message: 'model error',
            },
          });
        return sendJson(res, 200, {
          output: {
            task_id: 'task-86',
            task_status: 'SUCCEEDED',
            results: [{ url: `${peer.base}/r/1.png` }, { url: `${peer.base}/r/2.png` }],
          },
        });
      }
      if (req.url?.startsWith('/r/')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(behaviour === 'broken' ? BROKEN : await png(768, 1152));
      }
      sendJson(res, 404, {});
    });
  };
  const engineAt = (peer: Peer) =>
    createDashScopeEngine({ baseUrl: peer.base, apiKey: 'sk-ds', timeoutMs: 5000, pollMs: 20 });

  it('submits asynchronously, stores the task id and polls to SUCCEEDED', async () => {
    const peer = await peerFor('ok');
    const { run, remembered } = makeRun();
    expect(await sizes(await engineAt(peer).draw(request(), run))).toEqual(['768x1152', '768x1152']);
    expect(remembered).toEqual(['task-86']);
    expect(peer.bodies[0]).toMatchObject({
      input: { negative_prompt: 'blurry' },
      parameters: { size: '768*1152', n: 2, seed: 7 },
    });
  });

  it('resumes a stored task; ends a forever-RUNNING one at the limit; FAILED and broken images fail', async () => {
    const resumed = await peerFor('ok');
    await engineAt(resumed).draw(request(), makeRun({ providerTaskId: 'task-86' }).run);
    expect(resumed.calls.some((c) => c.includes('image-synthesis'))).toBe(false);
    await drawFails(engineAt(await peerFor('hang')), makeRun({ limitMs: 300 }).run);
    expect(await drawFails(engineAt(await peerFor('fail')), makeRun().run)).toMatchObject({
      id: 'draw_provider_error',
      retryable: false,
    });
    expect(await drawFails(engineAt(await peerFor('broken')), makeRun().run)).toMatchObject({
      id: 'draw_broken_image',
    });
  });
});

describe('ComfyUI (workflow, websocket progress, /history)', () => {
  const peerFor = (behaviour: Behaviour) =>
    startPeer(async (req, res, body, peer) => {
      if (req.url === '/prompt') {
        const workflow = (body as { prompt: Record<string, { inputs: Record<string, unknown> }> }).prompt;
        sendJson(res, 200, { prompt_id: 'p-1', number: 1, node_errors: {} });
        if (behaviour === 'hang') return;
        const socket = peer.sockets[0];
        setTimeout(() => {
          socket?.send(
            JSON.stringify({ type: 'progress', data: { value: 10, max: 20, prompt_id: 'p-1', node: '3' } }),
          );
          if (behaviour === 'fail')
            socket?.send(
              JSON.stringify({
                type: 'execution_error',
                data: { prompt_id: 'p-1', exception_message: 'CUDA out of memory' },
              }),
            );
          else socket?.send(JSON.stringify({ type: 'executing', data: { node: null, prompt_id: 'p-1' } }));
        }, 50);
        (peer as Peer & { latent?: unknown }).latent = workflow['5']!.inputs;
        return;
      }
      if (req.url === '/history/p-1') {
        // A prompt still running (or failed: the websocket said so) is not in the history yet.
        if (behaviour === 'hang' || behaviour === 'fail') return sendJson(res, 200, {});
        return sendJson(res, 200, {
          'p-1': {
            outputs: {
              '9': {
                images: [
                  { filename: 'a_00001_.png', subfolder: '', type: 'output' },
                  { filename: 'a_00002_.png', subfolder: '', type: 'output' },
                ],
              },
            },
            status: { status_str: 'success', completed: true, messages: [] },
          },
        });
      }
      if (req.url?.startsWith('/view?')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(behaviour === 'broken' ? BROKEN : await png(768, 1024));
      }
      if (req.url === '/interrupt') return sendJson(res, 200, {});
      sendJson(res, 404, {});
    }, true);
  const engineAt = (peer: Peer) =>
    createComfyUiEngine({ baseUrl: peer.base, timeoutMs: 5000, pollMs: 60, model: 'sdxl.safetensors' });

  it('fills the workflow, follows websocket progress and downloads the outputs from /view', async () => {
    const peer = await peerFor('ok');
    const { run, progress, remembered } = makeRun();
    const images = await engineAt(peer).draw(request(), run);
    expect(await sizes(images)).toEqual(['768x1024', '768x1024']);
    expect(remembered).toEqual(['p-1']);
    expect((peer as Peer & { latent?: unknown }).latent).toEqual({ width: 768, height: 1024, batch_size: 2 });
    expect(peer.calls.filter((c) => c.startsWith('GET /view'))).toHaveLength(2);
    expect(progress.length).toBeGreaterThan(1);
  });

  it('a restarted worker finds the stored prompt in /history without queueing it again', async () => {
    const peer = await peerFor('ok');
    await engineAt(peer).draw(request(), makeRun({ providerTaskId: 'p-1' }).run);
    expect(peer.calls).not.toContain('POST /prompt');
  });

  it('an execution error fails; a prompt that never finishes ends at the limit and is interrupted; broken outputs fail', async () => {
    expect(await drawFails(engineAt(await peerFor('fail')), makeRun().run)).toMatchObject({
      id: 'draw_provider_error',
      retryable: false,
    });
    const hanging = await peerFor('hang');
    await drawFails(engineAt(hanging), makeRun({ limitMs: 400 }).run);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hanging.calls).toContain('POST /interrupt');
    expect(await drawFails(engineAt(await peerFor('broken')), makeRun().run)).toMatchObject({
      id: 'draw_broken_image',
    });
  });
});

describe('DrawEngineError', () => {
  it('carries the id and whether a retry is worth it', () => {
    const error = new DrawEngineError('draw_provider_busy', true, 'queue full');
    expect(error.message).toBe('draw_provider_busy: queue full');
  });
});
