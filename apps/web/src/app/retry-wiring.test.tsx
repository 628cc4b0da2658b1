import { render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../shared/lib/api/client';
import { createQueryClient, Providers } from './providers';
import { clearHistory } from '../features/plaza/api/history';
import { saveMessage } from '../features/chat/api/chat';
import { deleteGeneratedFile } from '../features/settings/api/generated-files';
import { setHomeBg } from '../features/settings/api/wallpaper';
import { deleteArticle } from '../features/plaza/api/articles';
import { deleteDubbing } from '../features/voice/api/dubbings';
import { deleteDrawing } from '../features/drawing/api/delete-drawing';
import { deleteVideo } from '../features/video/api/delete-video';
import { unblockUser } from '../features/me/api/profile';
import { initI18n } from '../shared/i18n';
import { envelope, failThenAnswer, logIn } from '../test/render-app';

const feedback = vi.hoisted(() => ({ showToast: vi.fn(), confirmRetry: vi.fn(), showNotice: vi.fn(), confirmGuestLogin: vi.fn() }));
vi.mock('../shared/ui/feedback', () => feedback);

beforeEach(async () => {
  await initI18n('zh-Hans');
  feedback.confirmRetry.mockReset();
  logIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Spec §8's retry notice on the calls that can safely be repeated: the first attempt times out or fails. */
describe('calls that can be retried', () => {
  it.each([
    ['saving an edited copy', () => saveMessage(1, '新的文字')],
    ['changing the home background', () => setHomeBg(null)],
    ['clearing the history', () => clearHistory('read')],
    ['deleting a work', () => deleteArticle(3)],
    ['deleting a dubbing', () => deleteDubbing(3)],
    ['deleting a drawing', () => deleteDrawing(3)],
    ['deleting a video', () => deleteVideo(3)],
    ['deleting a generated file', () => deleteGeneratedFile(3)],
    ['unblocking an author from their profile', () => unblockUser(3)],
  ] as const)('%s offers the retry notice and repeats the call when accepted', async (_, run) => {
    const calls = failThenAnswer(1, true);
    feedback.confirmRetry.mockResolvedValueOnce(true);
    await run();
    expect(feedback.confirmRetry).toHaveBeenCalledWith('请求失败');
    expect(calls()).toBe(2);
  });
});

/** A page reading a list, as every list and detail page does (silent: it shows its own error state). */
function PackageList({ testId }: { testId: string }) {
  const list = useQuery({
    queryKey: ['packages', testId],
    queryFn: () => call(endpoints.goldPackageList, { query: {} }, { silent: true }),
  });
  return <p data-testid={testId}>{list.isError ? 'error' : list.data ? `${list.data.length} packages` : 'loading'}</p>;
}
const renderReads = (...testIds: string[]) =>
  render(
    <Providers queryClient={createQueryClient()}>
      {testIds.map((id) => (
        <PackageList key={id} testId={id} />
      ))}
    </Providers>,
  );

/** Every read the app shows gets the retry notice from the query layer, not from each page. */
describe('reads that can be retried', () => {
  it('a read the server never answered offers the retry notice once for the screen, and accepting reads again', async () => {
    // The first attempt and the query's own quiet repeat fail for both lists.
    failThenAnswer(4, [{ id: 1, name: '月卡会员' }]);
    feedback.confirmRetry.mockResolvedValueOnce(true);
    renderReads('first', 'second');
    await waitFor(() => expect(screen.getByTestId('first')).toHaveTextContent('1 packages'), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('second')).toHaveTextContent('1 packages'));
    expect(feedback.confirmRetry).toHaveBeenCalledTimes(1);
    expect(feedback.confirmRetry).toHaveBeenCalledWith('请求失败');
  });

  it('declining leaves the page’s own error state; a refusal (4xx) offers no retry', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    feedback.confirmRetry.mockResolvedValueOnce(false);
    renderReads('declined');
    await waitFor(() => expect(screen.getByTestId('declined')).toHaveTextContent('error'), { timeout: 4000 });
    await waitFor(() => expect(feedback.confirmRetry).toHaveBeenCalledTimes(1));

    feedback.confirmRetry.mockReset();
    vi.stubGlobal('fetch', vi.fn(async () => envelope(null, { code: 403, message: '无权访问', error: 'forbidden' })));
    renderReads('refused');
    await waitFor(() => expect(screen.getByTestId('refused')).toHaveTextContent('error'));
    expect(feedback.confirmRetry).not.toHaveBeenCalled();
  });
});
