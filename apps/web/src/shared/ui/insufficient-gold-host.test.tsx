import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, location, logIn, renderApp } from '../../test/render-app';
import { emitInsufficientGold } from '../lib/gold-events';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the 金币余额不足 sheet', () => {
  it('belongs to the page it opened on: back closes it, and it opens again on the next refusal', async () => {
    logIn();
    vi.stubGlobal('fetch', vi.fn(async () => envelope({ items: [], total: 0, page: 1, pageSize: 20 })));
    await renderApp('/set/help/feedback');
    await screen.findByTestId('nav-back', {}, { timeout: 8000 });
    act(() => emitInsufficientGold({ need: 90, balance: 30, missing: 60 }));
    expect(await screen.findByTestId('insufficient-gold', {}, { timeout: 8000 })).toBeVisible();

    fireEvent.click(screen.getByTestId('nav-back'));
    await vi.waitFor(() => expect(location.pathname).not.toBe('/set/help/feedback'));
    await vi.waitFor(() => expect(screen.queryByTestId('insufficient-gold')).toBeNull());

    act(() => emitInsufficientGold({ need: 90, balance: 30, missing: 60 }));
    expect(await screen.findByTestId('insufficient-gold')).toBeVisible();
  });
});
