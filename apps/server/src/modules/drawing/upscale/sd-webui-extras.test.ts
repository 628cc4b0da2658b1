import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { DrawEngineError } from '../engines/image-engine.js';
import { BROKEN, png, sendJson, startPeer, type Peer } from '../engines/protocol-peer.js';
import { createSdWebUiUpscaler, createUpscaler, SD_WEBUI_UPSCALER } from './sd-webui-extras.js';

/** SD WebUI's extras (upscale) against a local server speaking its `/sdapi/v1/extra-single-image` protocol. */
const peers: Peer[] = [];
afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.close();
});

type Behaviour = 'ok' | 'hang' | 'fail' | 'broken';
const extrasPeer = async (behaviour: Behaviour) => {
  const peer = await startPeer(async (req, res, body) => {
    if (req.method !== 'POST' || req.url !== '/sdapi/v1/extra-single-image') return sendJson(res, 404, {});
    if (behaviour === 'hang') return;
    if (behaviour === 'fail') return sendJson(res, 500, { detail: 'CUDA out of memory' });
    if (behaviour === 'broken') return sendJson(res, 200, { image: BROKEN.toString('base64') });
    const { image, upscaling_resize: factor } = body as { image: string; upscaling_resize: number };
    const meta = await sharp(Buffer.from(image, 'base64')).metadata();
    const out = await png(meta.width! * factor, meta.height! * factor);
    return sendJson(res, 200, { image: out.toString('base64'), html_info: '' });
  });
  peers.push(peer);
  return peer;
};

const run = (limitMs = 5000) => ({ signal: AbortSignal.timeout(limitMs), progress: async () => undefined });

describe('SD WebUI extras upscaler', () => {
  it('sends the picture and the factor, and answers the upscaled picture', async () => {
    const peer = await extrasPeer('ok');
    const upscaler = createSdWebUiUpscaler({ baseUrl: peer.base, apiKey: 'u:p', timeoutMs: 5000 });
    const out = await upscaler.upscale(await png(40, 30), 4, run());
    expect(await sharp(out).metadata()).toMatchObject({ width: 160, height: 120 });
    expect(peer.bodies[0]).toMatchObject({ upscaling_resize: 4, upscaler_1: SD_WEBUI_UPSCALER, resize_mode: 0 });
    expect(upscaler).toMatchObject({ name: 'sdwebui', offline: false });
  });

  it('maps a server failure, a broken image and a hang to drawing errors', async () => {
    const fail = createSdWebUiUpscaler({ baseUrl: (await extrasPeer('fail')).base, timeoutMs: 5000 });
    await expect(fail.upscale(await png(8, 8), 2, run())).rejects.toMatchObject({ id: 'draw_provider_error', retryable: true });
    const broken = createSdWebUiUpscaler({ baseUrl: (await extrasPeer('broken')).base, timeoutMs: 5000 });
    const error = await broken.upscale(await png(8, 8), 2, run()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrawEngineError);
    expect(error).toMatchObject({ id: 'draw_broken_image', retryable: false });
    const hang = createSdWebUiUpscaler({ baseUrl: (await extrasPeer('hang')).base, timeoutMs: 5000 });
    await expect(hang.upscale(await png(8, 8), 2, run(200))).rejects.toThrow();
  });

  it('is the configured upscaler with SD WebUI; every other setting uses the offline model', () => {
    const base = { AI_IMAGE_API_KEY: undefined, AI_IMAGE_TIMEOUT_MS: 1000 };
    expect(createUpscaler({ ...base, AI_IMAGE_PROVIDER: 'sdwebui', AI_IMAGE_BASE_URL: 'http://x' }).name).toBe('sdwebui');
    expect(createUpscaler({ ...base, AI_IMAGE_PROVIDER: 'offline', AI_IMAGE_BASE_URL: undefined })).toMatchObject({
      name: 'esrgan-slim',
      offline: true,
    });
  });
});
