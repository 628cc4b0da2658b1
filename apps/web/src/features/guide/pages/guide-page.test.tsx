import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storage } from '../../../shared/lib/storage';
import { location, logIn, renderApp } from '../../../test/render-app';

describe('guide page', () => {
  it('walks through the onboarding steps, remembering the current one', async () => {
    await renderApp('/');
    expect(await screen.findByTestId('guide-page')).toHaveAttribute('data-step', '0');
    fireEvent.click(screen.getByTestId('guide-next'));
    expect(screen.getByTestId('guide-page')).toHaveAttribute('data-step', '1');
    expect(screen.getByText('AI 写文案')).toBeInTheDocument();
    expect(storage.get('guide_info')).toMatchObject({ completed: false, current: 1 });
  });

  it('each of the four pages shows its own picture', async () => {
    storage.set('guide_info', { completed: false, current: 0 });
    await renderApp('/');
    await screen.findByTestId('guide-page');
    const pictures: (string | null)[] = [];
    for (let step = 0; step < 4; step++) {
      pictures.push(screen.getByTestId('guide-picture').getAttribute('data-picture'));
      if (step < 3) fireEvent.click(screen.getByTestId('guide-next'));
    }
    expect(pictures).toEqual(['logo', 'copy', 'video', 'plaza']);
  });

  it('starts again at the remembered step', async () => {
    storage.set('guide_info', { completed: false, current: 2 });
    await renderApp('/');
    expect(await screen.findByTestId('guide-page')).toHaveAttribute('data-step', '2');
  });

  it('on completion forwards to the page the user was going to, and skips the guide next time', async () => {
    logIn();
    await renderApp('/?forward=%2Fpages%2Fplaza%2Findex');
    fireEvent.click(await screen.findByTestId('guide-skip'));
    await waitFor(() => expect(location.pathname).toBe('/pages/plaza/index'));
    expect(storage.get('guide_info')).toMatchObject({ completed: true });
    await renderApp('/');
    await waitFor(() => expect(location.pathname).toBe('/pages/index/index'));
  });

  it('never forwards off the app', async () => {
    logIn();
    await renderApp('/?forward=%2F%2Fevil.example');
    fireEvent.click(await screen.findByTestId('guide-skip'));
    await waitFor(() => expect(location.pathname).toBe('/pages/index/index'));
  });
});
