import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logIn, renderApp } from '../../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

/** Issue 27 point 14: the first AI-video visit showed a bare 加载中… in the top-left corner. */
describe('the AI video page while its options load', () => {
  it('shows the page loader (spinner and text, centred), not a bare line', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    await renderApp('/media/video/index');
    const loading = await screen.findByTestId('video-loading');
    expect(loading).toHaveAttribute('role', 'status');
    expect(loading).toHaveClass('page-loading');
    expect(loading.querySelector('.page-loading__spinner')).not.toBeNull();
    expect(loading).toHaveTextContent('加载中…');
  });
});
