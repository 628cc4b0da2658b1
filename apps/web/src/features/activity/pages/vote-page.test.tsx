import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n';
import { createQueryClient, envelope, logIn, Providers } from '../../../test/render-app';
import { VOTE_POLL_MS } from '../api/food-vote';
import { VotePage } from './vote-page';

const options = (votes: [number, number], myOptionId: number | null) => ({
  today: '2026-11-21',
  votedToday: myOptionId !== null,
  myOptionId,
  totalVotes: votes[0] + votes[1],
  options: [
    { id: 1, name: 'A', description: '', image: '/static/a.svg', votes: votes[0], percent: 50, rank: 1 },
    { id: 2, name: 'B', description: '', image: '/static/b.svg', votes: votes[1], percent: 50, rank: 1 },
  ],
  rules: [],
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('food vote page', () => {
  it('polls the live counts and votes once a day', async () => {
    await initI18n('zh-Hans');
    logIn();
    let answer = options([3, 3], null);
    const fetchMock = vi.fn(async (url: string) => {
      if (String(url).endsWith('/api/sysFoodVote/vote')) {
        answer = options([4, 3], 1);
        return envelope(answer);
      }
      return envelope(answer);
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <Providers queryClient={createQueryClient()}>
        <VotePage />
      </Providers>,
    );
    expect((await screen.findByTestId('vote-total')).textContent).toBe('6');

    answer = options([5, 3], null);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(VOTE_POLL_MS + 100);
    });
    expect(screen.getByTestId('vote-total').textContent).toBe('8');

    fireEvent.click(screen.getByTestId('vote-button-1'));
    await vi.waitFor(() => expect(screen.getByTestId('vote-total').textContent).toBe('7'));
    expect((screen.getByTestId('vote-button-2') as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/sysFoodVote/vote'))).toHaveLength(1);
  });
});
