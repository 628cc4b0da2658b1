import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../test/render-app';
import { configFileName, DEFAULT_FEATURE_CONFIG, featureOfPath, isPathEnabled, parseFeatureConfig } from './feature-config';

/** The config files the server really serves (apps/server/static). */
const served = (name: string): unknown =>
  JSON.parse(readFileSync(join(__dirname, `../../../../server/static/config-${name}.json`), 'utf8'));

describe('config variants (spec §7)', () => {
  it('reads the switches and pay methods of the files the server serves', () => {
    const main = parseFeatureConfig(served('main'));
    expect(Object.values(main.features).every(Boolean)).toBe(true);
    expect(main.payMethods).toEqual(expect.arrayContaining([0, 1]));
    const chatAi = parseFeatureConfig(served('chat-ai'));
    expect(chatAi.features).toMatchObject({ chat: true, draw: false, video: false });
    // The main build reads config-main.
    expect(configFileName()).toBe('main');
  });

  it('a missing or malformed switch stays on', () => {
    expect(parseFeatureConfig({ features: { draw: 'no' } }).features.draw).toBe(true);
    expect(parseFeatureConfig(null)).toEqual(DEFAULT_FEATURE_CONFIG);
  });

  it('maps pages to their features', () => {
    expect(featureOfPath('/draw/home/hall')).toBe('draw');
    expect(featureOfPath('/media/video/list')).toBe('video');
    expect(featureOfPath('/activity/exchange/index')).toBe('mall');
    expect(featureOfPath('/set/index')).toBeUndefined();
    const noDraw = parseFeatureConfig({ features: { draw: false } });
    expect(isPathEnabled(noDraw, '/draw/index?prompt=x')).toBe(false);
    expect(isPathEnabled(noDraw, '/media/dub/index')).toBe(true);
  });

  it('a page of a switched-off feature says so, and home offers no entry to it', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).endsWith('/static/config-main.json')) return new Response(JSON.stringify({ features: { draw: false } }), { status: 200 });
        return envelope(null);
      }),
    );
    const view = await renderApp('/draw/index');
    expect(await screen.findByTestId('feature-off')).toHaveTextContent('该功能暂未开放');
    view.unmount();
    await renderApp('/pages/index/index');
    await screen.findByTestId('entry-dub');
    expect(screen.queryByTestId('entry-draw')).toBeNull();
  });
});
