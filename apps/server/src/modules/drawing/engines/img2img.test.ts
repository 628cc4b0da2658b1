import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { drawSizeOf } from '@app/contract';
import { createComfyUiEngine } from './comfyui.js';
import { createDashScopeEngine, WANX_EDIT_MODEL } from './dashscope-wanx.js';
import type { DrawRequest, EngineRun } from './image-engine.js';
import { createOpenAiImageEngine } from './openai-images.js';
import { createSdWebUiEngine } from './sd-webui.js';
import { formOf, png, sendJson, startPeer as startProtocolPeer, type Peer } from './protocol-peer.js';

/**
 * Picture to picture through each provider that supports it, against a local server speaking its documented
 * protocol: the source reaches the provider where that protocol puts it, at the size the provider draws.
 */

const peers: Peer[] = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});
const startPeer: typeof startProtocolPeer = async (...args) => {
  const peer = await startProtocolPeer(...args);
  peers.push(peer);
  return peer;
};

/** A red source picture of another ratio than the request (it is cropped to fill). */
const SOURCE = await png(600, 400, '#d03030');

const request = (count = 1): DrawRequest => ({
  prompt: 'the same scene in winter',
  negativePrompt: null,
  style: 'none',
  ratio: '3:4',
  ...drawSizeOf('3:4'),
  count,
  seed: 7,
  roleImages: [],
  sourceImage: SOURCE,
});

const run = (): EngineRun => ({
  signal: AbortSignal.timeout(5000),
  progress: async () => undefined,
  providerTaskId: null,
  rememberTaskId: async () => undefined,
});

/** The decoded source as the provider got it: its size and its mean colour. */
const looksLikeSource = async (bytes: Buffer) => {
  const { channels } = await sharp(bytes).stats();
  const meta = await sharp(bytes).metadata();
  return {
    size: `${meta.width}x${meta.height}`,
    red: Math.round(channels[0]!.mean),
    green: Math.round(channels[1]!.mean),
  };
};

describe('picture to picture', () => {
  it('SD WebUI: POST /sdapi/v1/img2img with the source in init_images and a denoising strength', async () => {
    const peer = await startPeer(async (req, res) => {
      if (req.url === '/sdapi/v1/img2img')
        return sendJson(res, 200, { images: [(await png(768, 1024)).toString('base64')] });
      if (req.url?.startsWith('/sdapi/v1/progress')) return sendJson(res, 200, { progress: 0.5 });
      sendJson(res, 404, {});
    });
    const engine = createSdWebUiEngine({ baseUrl: peer.base, timeoutMs: 5000, pollMs: 50 });
    expect(engine.usesSourceImage).toBe(true);
    const images = await engine.draw(request(), run());
    expect(images).toHaveLength(1);
    expect(peer.calls).not.toContain('POST /sdapi/v1/txt2img');
    const body = peer.bodies[peer.calls.indexOf('POST /sdapi/v1/img2img')] as Record<string, unknown>;
    expect(body).toMatchObject({ prompt: 'the same scene in winter', width: 768, height: 1024, seed: 7 });
    expect(body.denoising_strength).toBeGreaterThan(0);
    expect(body.denoising_strength).toBeLessThan(1);
    const [init] = body.init_images as string[];
    expect(await looksLikeSource(Buffer.from(init!, 'base64'))).toMatchObject({
      size: '768x1024',
      red: 208,
      green: 48,
    });
  });

  it('OpenAI-compatible: POST /images/edits as multipart with the source as the image file', async () => {
    const peer = await startPeer(async (req, res) => {
      if (req.url === '/v1/images/edits')
        return sendJson(res, 200, { data: [{ b64_json: (await png(1024, 1536)).toString('base64') }] });
      sendJson(res, 404, {});
    });
    const engine = createOpenAiImageEngine({
      baseUrl: `${peer.base}/v1`,
      apiKey: 'sk-test',
      model: 'gpt-image-1',
      timeoutMs: 5000,
    });
    const images = await engine.draw(request(), run());
    expect(images).toHaveLength(1);
    expect(peer.calls).toEqual(['POST /v1/images/edits']);
    expect(peer.raw[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
    const form = await formOf(peer.raw[0]!);
    expect(form.get('prompt')).toBe('the same scene in winter');
    expect(form.get('model')).toBe('gpt-image-1');
    expect(form.get('size')).toBe('1024x1536');
    const image = form.get('image') as File;
    expect(image.type).toBe('image/png');
    expect(await looksLikeSource(Buffer.from(await image.arrayBuffer()))).toMatchObject({
      size: '1024x1536',
      red: 208,
    });
  });

  it('DashScope: wanx image edit with the source as a data URL, then the task is polled', async () => {
    const peer = await startPeer(async (req, res) => {
      if (req.url === '/api/v1/services/aigc/image2image/image-synthesis')
        return sendJson(res, 200, { output: { task_id: 't-9', task_status: 'PENDING' } });
      if (req.url === '/api/v1/tasks/t-9')
        return sendJson(res, 200, {
          output: { task_id: 't-9', task_status: 'SUCCEEDED', results: [{ url: `${peer.base}/r.png` }] },
        });
      if (req.url === '/r.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(await png(768, 1024));
      }
      sendJson(res, 404, {});
    });
    const engine = createDashScopeEngine({ baseUrl: peer.base, apiKey: 'k', timeoutMs: 5000, pollMs: 20 });
    expect(await engine.draw(request(), run())).toHaveLength(1);
    const body = peer.bodies[0] as {
      model: string;
      input: { function: string; prompt: string; base_image_url: string };
    };
    expect(body.model).toBe(WANX_EDIT_MODEL);
    expect(body.input.function).toBe('description_edit');
    expect(body.input.base_image_url).toMatch(/^data:image\/png;base64,/);
    const bytes = Buffer.from(body.input.base_image_url.split(',')[1]!, 'base64');
    expect(await looksLikeSource(bytes)).toMatchObject({ red: 208 });
  });

  it('ComfyUI: uploads the source (POST /upload/image) and names it in a LoadImage node', async () => {
    const peer = await startPeer(async (req, res, body, p) => {
      if (req.url === '/upload/image')
        return sendJson(res, 200, { name: 'src.png', subfolder: 'in', type: 'input' });
      if (req.url === '/prompt') {
        sendJson(res, 200, { prompt_id: 'p-2', number: 1, node_errors: {} });
        setTimeout(
          () =>
            p.sockets[0]?.send(JSON.stringify({ type: 'executing', data: { node: null, prompt_id: 'p-2' } })),
          30,
        );
        return;
      }
      if (req.url === '/history/p-2')
        return sendJson(res, 200, {
          'p-2': {
            outputs: { '9': { images: [{ filename: 'o.png', subfolder: '', type: 'output' }] } },
            status: { status_str: 'success', completed: true },
          },
        });
      if (req.url?.startsWith('/view?')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(await png(768, 1024));
      }
      sendJson(res, 404, {});
    }, true);
    const engine = createComfyUiEngine({ baseUrl: peer.base, timeoutMs: 5000, pollMs: 60 });
    expect(await engine.draw(request(), run())).toHaveLength(1);
    expect(peer.calls.slice(0, 2)).toEqual(['POST /upload/image', 'POST /prompt']);
    const upload = await formOf(peer.raw[0]!);
    expect(
      await looksLikeSource(Buffer.from(await (upload.get('image') as File).arrayBuffer())),
    ).toMatchObject({ size: '768x1024', red: 208 });
    const workflow = (
      peer.bodies[1] as { prompt: Record<string, { class_type: string; inputs: Record<string, unknown> }> }
    ).prompt;
    const load = Object.values(workflow).find((node) => node.class_type === 'LoadImage');
    expect(load?.inputs.image).toBe('in/src.png');
    expect(Object.values(workflow).some((node) => node.class_type === 'EmptyLatentImage')).toBe(false);
    const sampler = Object.values(workflow).find((node) => node.class_type === 'KSampler')!;
    expect(sampler.inputs.denoise).toBeLessThan(1);
  });
});
