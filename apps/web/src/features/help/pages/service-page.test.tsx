import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, logIn, renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const faq = (id: number, title: string, content: string) => ({ id, categoryId: 3, title, content, cover: null, link: null, sort: id, createTime: '2026-01-01T00:00:00Z' });
const imMessage = (id: number, content: string, senderId: number) => ({
  id,
  type: 'service',
  title: '',
  content,
  link: null,
  data: null,
  checked: true,
  senderId,
  peerId: 10086,
  receiveTime: new Date().toISOString(),
});

describe('customer-service chat', () => {
  it('acknowledges a sent message at once with the expected reply time and the FAQ entries closest to it', async () => {
    logIn({ uid: 7 });
    const history: ReturnType<typeof imMessage>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url) === '/api/sysIMMessage/page') return envelope({ items: [...history].reverse(), total: history.length, page: 1, pageSize: 50 });
        if (String(url) === '/api/sysCommonInfo/page')
          return envelope({
            items: [faq(1, '如何修改昵称？', '在我的-设置-账号里修改。'), faq(2, '会员如何退款？', '未使用的会员可在 7 天内申请退款。'), faq(3, '金币怎么获得？', '签到、抽奖和购买金币包。'), faq(4, '为什么登录失败？', '检查手机号和验证码。')],
            total: 4,
            page: 1,
            pageSize: 100,
          });
        if (String(url) === '/api/sysCustomerService/send') {
          const { content } = JSON.parse(String(init?.body)) as { content: string };
          const message = imMessage(50, content, 7);
          history.push(message);
          return envelope(message);
        }
        return envelope(null);
      }),
    );
    await renderApp('/set/help/service');
    await screen.findByTestId('service-page');
    expect(screen.queryByTestId('service-ack')).toBeNull();

    fireEvent.change(screen.getByTestId('service-input'), { target: { value: '我想退款，会员买错了' } });
    fireEvent.click(screen.getByTestId('service-send'));
    expect(await screen.findByTestId('service-ack')).toHaveTextContent('客服一般会在 30 分钟内回复');
    // The acknowledgement sits under the message it answers.
    await screen.findByTestId('service-mine');
    expect(screen.getByTestId('service-mine').nextElementSibling).toBe(screen.getByTestId('service-ack'));
    const ack = screen.getByTestId('service-ack');
    await vi.waitFor(() => expect(within(ack).getAllByTestId('service-faq')).toHaveLength(3));
    expect(within(ack).getAllByTestId('service-faq')[0]).toHaveTextContent('会员如何退款？');

    fireEvent.click(within(ack).getAllByTestId('service-faq')[0]!);
    expect(await screen.findByTestId('service-faq-answer')).toHaveTextContent('未使用的会员可在 7 天内申请退款。');
  });
});
