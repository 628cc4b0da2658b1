import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../shared/lib/session';
import { envelope, operator, renderConsole, serveApi } from '../../test/render-console';

const fillAndSubmit = async (account: string, password: string) => {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.type(await screen.findByLabelText('账号'), account);
  await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
};

describe('console login', () => {
  it('asks for both fields before calling the server', async () => {
    const sent = serveApi({});
    await renderConsole('/');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(0));
  });

  it('refuses an account without the operator role on the screen and keeps no session', async () => {
    const sent = serveApi({
      'POST /api/sysAuth/login': () => envelope({ accessToken: 'user-token', refreshToken: 'r' }),
      'GET /api/console/me': () => envelope(null, { code: 403, message: '没有权限', error: 'forbidden' }),
    });
    await renderConsole('/');
    await fillAndSubmit('13800000000', 'demo123456');
    expect(await screen.findByText('该账号不是运营账号，无权进入后台')).toBeInTheDocument();
    expect(getSession()).toBeNull();
    expect(sent.find((r) => r.path === '/api/sysAuth/login')?.body).toEqual({ account: '13800000000', password: 'demo123456' });
    // consoleMe was asked with the token the login answered.
    expect(sent.find((r) => r.path === '/api/console/me')?.headers.Authorization).toBe('Bearer user-token');
  });

  it('shows the server’s message for wrong credentials', async () => {
    serveApi({
      'POST /api/sysAuth/login': () => envelope(null, { code: 400, message: '账号或密码错误', error: 'wrong_credentials' }),
    });
    await renderConsole('/');
    await fillAndSubmit('admin', 'nope-nope');
    expect(await screen.findByText('账号或密码错误')).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('lets an operator in: the shell shows the menu and who is logged in', async () => {
    serveApi({
      'POST /api/sysAuth/login': () => envelope({ accessToken: 'operator-token', refreshToken: 'r' }),
      'GET /api/console/me': () => envelope(operator),
      'GET /api/console/dashboard': () => envelope(null, { code: 500, message: '服务器开小差了' }),
    });
    await renderConsole('/');
    await fillAndSubmit('admin', 'admin123456');
    expect(await screen.findByText('运营小王')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /审核队列/ })).toBeInTheDocument();
    expect(getSession()?.accessToken).toBe('operator-token');
    // The dashboard's own failure shows as a message, not a blank page.
    expect(await screen.findByText('服务器开小差了')).toBeInTheDocument();
  });
});
