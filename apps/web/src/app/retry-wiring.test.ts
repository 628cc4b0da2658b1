import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearHistory } from '../features/plaza/api/history';
import { saveMessage } from '../features/chat/api/chat';
import { setHomeBg } from '../features/settings/api/settings';
import { initI18n } from '../shared/i18n';
import { envelope, logIn } from '../test/render-app';

const feedback = vi.hoisted(() => ({ showToast: vi.fn(), confirmRetry: vi.fn(), showNotice: vi.fn(), confirmGuestLogin: vi.fn() }));
vi.mock('../shared/ui/feedback', () => feedback);

beforeEach(async () => {
  await initI18n('zh-Hans');
  feedback.confirmRetry.mockReset();
  logIn();
});

/** Spec §8's retry notice on the calls that can safely be repeated: the first attempt times out or fails. */
describe('calls that can be retried', () => {
  it.each([
    ['saving an edited copy', () => saveMessage(1, '新的文字')],
    ['changing the home background', () => setHomeBg(null)],
    ['clearing the history', () => clearHistory('read')],
  ] as const)('%s offers the retry notice and repeats the call when accepted', async (_, run) => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('offline');
        return envelope(true);
      }),
    );
    feedback.confirmRetry.mockResolvedValueOnce(true);
    await run();
    expect(feedback.confirmRetry).toHaveBeenCalledWith('请求失败');
    expect(calls).toBe(2);
  });
});
