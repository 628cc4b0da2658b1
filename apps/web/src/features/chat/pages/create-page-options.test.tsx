import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const template = {
  id: 1,
  categoryId: 1,
  categoryName: 'Social media',
  title: 'Xiaohongshu product post',
  description: 'A genuine product note',
  icon: null,
  useCount: 3,
  sort: 1,
  example: '',
  fields: [
    {
      name: 'tone',
      label: 'Tone',
      placeholder: 'Choose a tone',
      required: true,
      maxLength: 20,
      type: 'select',
      options: ['活泼', '真诚'],
      optionLabels: ['Lively', 'Sincere'],
    },
  ],
};

describe('a template’s select field', () => {
  it('shows each option in the reader’s language and sends the option itself', async () => {
    logIn();
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).startsWith('/api/sysPromptTemplate/detail')) return envelope(template);
        if (String(url).includes('sendToRobotForSSE')) {
          sent.push(JSON.parse(String(init?.body)));
          return new Response('event: start\ndata: {"messageId":31,"questionId":30,"conversationId":2,"provider":"offline","model":"m"}\n\n', {
            status: 200,
            headers: { 'content-type': 'text/event-stream' },
          });
        }
        return envelope(null);
      }),
    );
    await renderApp('/pages/index/create/index?templateId=1');
    const select = (await screen.findByTestId('field-tone')) as HTMLSelectElement;
    const shown = [...select.options].slice(1).map((o) => [o.value, o.textContent]);
    expect(shown).toEqual([
      ['活泼', 'Lively'],
      ['真诚', 'Sincere'],
    ]);
    fireEvent.change(select, { target: { value: '真诚' } });
    fireEvent.click(screen.getByTestId('create-generate'));
    await vi.waitFor(() => expect(sent).toEqual([{ content: '', templateId: 1, fields: { tone: '真诚' } }]));
  });
});
