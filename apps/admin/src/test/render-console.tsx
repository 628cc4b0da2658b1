import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { ConsoleRoutes } from '../app/router';
import { changeLanguage, initI18n } from '../shared/i18n';
import { setSession } from '../shared/lib/session';

/** Renders the console's real routes under its real providers at `path` (MemoryRouter instead of the hash). */
export const renderConsole = async (path: string) => {
  await initI18n('zh-Hans');
  await changeLanguage('zh-Hans');
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ConsoleRoutes />
      </MemoryRouter>
    </Providers>,
  );
};

/** A JSON envelope answer as the server sends it. */
export const envelope = (result: unknown, init: { code?: number; message?: unknown; error?: string } = {}) => {
  const code = init.code ?? 200;
  return new Response(
    JSON.stringify({
      code,
      type: code === 200 ? 'success' : 'error',
      message: init.message ?? null,
      result: code === 200 ? result : null,
      extras: init.error ? { error: init.error } : null,
      time: new Date().toISOString(),
    }),
    { status: code, headers: { 'Content-Type': 'application/json' } },
  );
};

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Answers the console's calls by path (`'POST /api/console/real-name/page'` or just the path) and records every
 * request; an unknown path answers 404 like the server.
 */
export const serveApi = (routes: Record<string, (body: unknown) => Response>) => {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
      const handler = routes[`${method} ${path}`] ?? routes[path];
      return handler ? handler(body) : envelope(null, { code: 404, message: 'not found', error: 'route_not_found' });
    }),
  );
  return sent;
};

/** Waits until the console has sent a request to `path`, and answers the body of the first one. */
export const bodySentTo = async (sent: SentRequest[], path: string) => {
  await waitFor(() => expect(sent.some((r) => r.path === path)).toBe(true));
  return sent.find((r) => r.path === path)?.body;
};

export const operator = { userId: 1, account: 'admin', nickName: '运营小王', avatar: '', roles: ['admin'] };

/** Logged in as an operator whose `consoleMe` answers. */
export const logInOperator = () => setSession({ accessToken: 'operator-token' });

export const userRef = (id: number, nickName: string) => ({ id, nickName, avatar: '' });
