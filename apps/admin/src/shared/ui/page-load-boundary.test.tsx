import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n';
import { consoleReload } from '../lib/fresh-code';
import { PageLoadBoundary } from './page-load-boundary';

// A page whose chunk cannot be fetched (a new build removed it, or the browser keeps the failed import).
const lostPage = () =>
  lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /admin/assets/x.js')));

const renderLost = () => {
  const Page = lostPage();
  return render(
    <PageLoadBoundary>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </PageLoadBoundary>,
  );
};

beforeEach(async () => {
  await initI18n('zh-Hans');
  await changeLanguage('zh-Hans');
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a console page whose code failed to load', () => {
  it('is fetched fresh by one reload while the server answers, and 重试 reloads again', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 200 })));
    const reload = vi.spyOn(consoleReload, 'run').mockImplementation(() => undefined);
    renderLost();
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // Failing again right after the reload: no loop, the operator decides.
    renderLost();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getAllByTestId('page-load-retry')[0]!);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('waits while the server does not answer rather than reloading onto the browser’s error page', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const reload = vi.spyOn(consoleReload, 'run').mockImplementation(() => undefined);
    renderLost();
    expect(await screen.findByTestId('page-load-retry')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('page-load-retry'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reload).not.toHaveBeenCalled();
  });
});
