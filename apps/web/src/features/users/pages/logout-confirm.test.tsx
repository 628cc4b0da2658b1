import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/lib/app-store';
import { baseInfo, envelope, location, logIn, renderApp, setupAntdRender } from '../../../test/render-app';

beforeAll(() => setupAntdRender());
afterEach(() => vi.unstubAllGlobals());

/** The logout dialog (antd-mobile may still be removing an earlier test's dialog). */
const findDialog = async () => {
  await screen.findAllByText('确定要退出登录吗？');
  return screen.getAllByRole('dialog').filter((d) => d.textContent?.includes('确定要退出登录吗？')).at(-1) as HTMLElement;
};

const answer = () => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      calls.push(String(input));
      if (String(input) === '/api/sysUser/baseInfo') return envelope(baseInfo({}));
      return envelope(null);
    }),
  );
  return calls;
};

/** Issue 27 point 14: logging out asks first; 取消 keeps the session, the dialog's 退出登录 ends it. */
describe.each([
  ['account management', '/set/account/index', 'logout'],
  ['settings', '/set/index', 'logout-session'],
])('logging out from %s', (_name, path, testId) => {
  it('asks for confirmation; cancel keeps the user logged in', async () => {
    logIn();
    const calls = answer();
    await renderApp(path);
    fireEvent.click(await screen.findByTestId(testId));
    const dialog = await findDialog();
    expect(dialog).toHaveTextContent('确定要退出登录吗？');
    fireEvent.click(within(dialog).getByText('取消'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useAppStore.getState().session).not.toBeNull();
    expect(calls).not.toContain('/api/sysAuth/logout');
  });

  it('logs out once confirmed', async () => {
    logIn();
    answer();
    await renderApp(path);
    fireEvent.click(await screen.findByTestId(testId));
    const dialog = await findDialog();
    fireEvent.click(within(dialog).getByText('退出登录'));
    await vi.waitFor(() => expect(useAppStore.getState().session).toBeNull());
    await vi.waitFor(() => expect(location.pathname).toBe('/pages/user/index'));
  });
});
