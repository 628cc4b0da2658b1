import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetTextCheck } from '../../../shared/lib/text-check';
import { baseInfo, envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  resetTextCheck();
});

const info = baseInfo({ introduction: '这个人很懒，什么都没有留下～' });

describe('account management: nickname and introduction', () => {
  it('welcomes emoji, points out sensitive words (fillers and emoji ignored) before saving, then saves clean text', async () => {
    logIn();
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = String(input);
        if (url === '/api/sysUser/baseInfo') return envelope(info);
        if (url === '/static/sensitive-stop-words.json') return new Response(JSON.stringify({ version: 'v', words: ['*'] }), { status: 200 });
        if (url.startsWith('/api/sysSensitiveWord/list')) return envelope({ version: 'v1', words: ['赌博'], allowed: [] });
        if (url === '/api/sysUser/updateBaseInfo') {
          const body = JSON.parse(String(init?.body)) as { nickName: string; introduction: string };
          saved.push(body);
          return envelope({ ...info, ...body });
        }
        return envelope(null, { code: 404 });
      }),
    );
    await renderApp('/set/account/index');
    const nick = await screen.findByTestId('nickname-input');
    const intro = screen.getByTestId('introduction-input');

    // Emoji are welcome; a word split by one is still read.
    fireEvent.change(nick, { target: { value: '小李😀' } });
    fireEvent.change(intro, { target: { value: '爱好赌🎲博' } });
    fireEvent.click(screen.getByTestId('profile-text-save'));
    await vi.waitFor(() => expect(screen.getByTestId('form-error')).toHaveTextContent('内容包含敏感词「赌博」'));
    expect(saved).toEqual([]);

    fireEvent.change(intro, { target: { value: '爱好写诗' } });
    fireEvent.click(screen.getByTestId('profile-text-save'));
    await vi.waitFor(() => expect(saved).toEqual([{ nickName: '小李😀', introduction: '爱好写诗' }]));
    await vi.waitFor(() => expect(screen.queryByTestId('form-error')).toBeNull());
  });
});

describe('account management: the two text boxes (issue 27 point 14)', () => {
  it('nickname and introduction share one full-width style (the bio was narrower and monospace)', async () => {
    logIn();
    vi.stubGlobal('fetch', vi.fn(async (input: string) => (String(input) === '/api/sysUser/baseInfo' ? envelope(info) : envelope(null, { code: 404 }))));
    await renderApp('/set/account/index');
    const nick = await screen.findByTestId('nickname-input');
    const intro = screen.getByTestId('introduction-input');
    expect(nick).toHaveClass('profile-text-form__input');
    expect(intro).toHaveClass('profile-text-form__input');
  });
});
