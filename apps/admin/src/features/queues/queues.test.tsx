import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, logInOperator, operator, renderConsole, serveApi, userRef, bodySentTo } from '../../test/render-console';

const paged = (items: unknown[]) => envelope({ items, total: items.length, page: 1, pageSize: 20 });

const queues = [
  { queue: 'realName', waiting: 3, oldestTime: '2026-11-24T08:00:00.000Z', oldestWaitSeconds: 2 * 3600 + 5 * 60 },
  { queue: 'ambassadorApplication', waiting: 0, oldestTime: null, oldestWaitSeconds: 0 },
  { queue: 'ambassadorSubmission', waiting: 0, oldestTime: null, oldestWaitSeconds: 0 },
  { queue: 'report', waiting: 1, oldestTime: '2026-11-22T08:00:00.000Z', oldestWaitSeconds: 2 * 86400 + 3600 },
  { queue: 'offlinePayment', waiting: 1, oldestTime: '2026-11-24T09:00:00.000Z', oldestWaitSeconds: 600 },
  { queue: 'mallShipping', waiting: 1, oldestTime: '2026-11-24T09:00:00.000Z', oldestWaitSeconds: 30 },
  { queue: 'feedback', waiting: 0, oldestTime: null, oldestWaitSeconds: 0 },
  { queue: 'contentReview', waiting: 1, oldestTime: '2026-11-24T09:00:00.000Z', oldestWaitSeconds: 60 },
];

const realName = {
  id: 41,
  user: userRef(7, '小明'),
  phone: '138****0000',
  realName: '张三',
  idCardNum: '110***********1234',
  idCardImageUrls: ['/files/signed/front?sig=1', '/files/signed/back?sig=2'],
  status: 1,
  rejectReason: null,
  submitTime: '2026-11-24T08:00:00.000Z',
  reviewTime: null,
};

/**
 * Opens a row's drawer: waits for the table to stop loading (a click during the loading overlay can be lost on
 * a busy machine), clicks the row and answers the drawer.
 */
const openRow = async (clicks: ReturnType<typeof userEvent.setup>, text: string) => {
  await screen.findByText(text);
  await waitFor(() => expect(document.querySelector('.ant-table .ant-spin-spinning')).toBeNull());
  // A refetch (the queue counts, the table's own) can re-render the rows between finding a cell and clicking
  // it, and a click on a row that is no longer on the page opens nothing: click the row on screen until its
  // drawer is open, as an operator would click again.
  await waitFor(async () => {
    if (!document.querySelector('.ant-drawer-open')) await clicks.click(screen.getByText(text));
    expect(document.querySelector('.ant-drawer-open')).not.toBeNull();
  });
  return screen.findByRole('dialog');
};

const base = { 'GET /api/console/me': () => envelope(operator), 'GET /api/console/queues': () => envelope(queues) };

beforeEach(() => logInOperator());

describe('review queues', () => {
  it('shows how many wait and how long the oldest has waited, and asks the server for the pending ones oldest first', async () => {
    const sent = serveApi({ ...base, 'POST /api/console/real-name/page': () => paged([realName]) });
    await renderConsole('/queues/realName');
    expect(await screen.findByText('2 小时 5 分钟')).toBeInTheDocument();
    expect(within(screen.getByTestId('queue-tab-report')).getByText('1')).toBeInTheDocument();
    expect(await screen.findByText('张三')).toBeInTheDocument();
    expect(sent.find((r) => r.path === '/api/console/real-name/page')?.body).toEqual({
      page: 1,
      pageSize: 20,
      sortField: 'submitTime',
      sortOrder: 'asc',
      filters: { status: 1 },
    });
  });

  it('approves a real-name submission from its drawer; the masked number is revealed only on request', async () => {
    const sent = serveApi({
      ...base,
      'POST /api/console/real-name/page': () => paged([realName]),
      'POST /api/console/real-name/reveal': () => envelope({ id: 41, idCardNum: '110101199001011234' }),
      'POST /api/console/real-name/approve': () => envelope({ ...realName, status: 2 }),
    });
    await renderConsole('/queues/realName');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const drawer = await openRow(user, '张三');
    expect(within(drawer).getByTestId('id-card-num')).toHaveTextContent('110***********1234');
    await user.click(within(drawer).getByRole('button', { name: '查看完整号码' }));
    await waitFor(() => expect(within(drawer).getByTestId('id-card-num')).toHaveTextContent('110101199001011234'));
    await user.click(within(drawer).getByRole('button', { name: /通\s*过/ }));
    expect(await bodySentTo(sent, '/api/console/real-name/approve')).toEqual({ id: 41 });
    expect(sent.find((r) => r.path === '/api/console/real-name/reveal')?.body).toEqual({ id: 41 });
  });

  it('rejects only with a reason, and shows the server’s refusal in the dialog', async () => {
    const sent = serveApi({
      ...base,
      'POST /api/console/real-name/page': () => paged([realName]),
      'POST /api/console/real-name/reject': () =>
        envelope(null, { code: 409, message: '已被其他运营处理', error: 'console_not_pending' }),
    });
    await renderConsole('/queues/realName');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(within(await openRow(user, '张三')).getByRole('button', { name: /驳\s*回/ }));
    const confirm = await screen.findByRole('button', { name: /确\s*定/ });
    await user.click(confirm);
    expect(await screen.findByText('请填写原因（用户会看到）')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/api/console/real-name/reject')).toBe(false);
    await user.type(screen.getByTestId('reason-input'), '照片模糊，请重新拍摄');
    await user.click(confirm);
    expect(await screen.findByText('已被其他运营处理')).toBeInTheDocument();
    expect(sent.find((r) => r.path === '/api/console/real-name/reject')?.body).toEqual({ id: 41, reason: '照片模糊，请重新拍摄' });
  });

  it('resolves a report by taking the article down with a reason', async () => {
    const report = {
      id: 5,
      targetType: 'article',
      targetId: 90,
      targetUser: userRef(8, '作者甲'),
      targetText: '违规文章标题',
      targetStatus: 'published',
      reason: '广告',
      detail: null,
      status: 'pending',
      reporter: userRef(7, '小明'),
      resolution: null,
      handleTime: null,
      createTime: '2026-11-22T08:00:00.000Z',
    };
    const sent = serveApi({
      ...base,
      'POST /api/console/reports/page': () => paged([report]),
      'POST /api/console/reports/resolve': () => envelope({ ...report, status: 'resolved' }),
    });
    await renderConsole('/queues/report');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(within(await openRow(user, '违规文章标题')).getByRole('button', { name: '处理举报' }));
    await user.type(await screen.findByTestId('reason-input'), '含广告内容');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await bodySentTo(sent, '/api/console/reports/resolve')).toEqual({
      id: 5,
      action: 'take_down',
      reason: '含广告内容',
    });
  });

  it('shows a work in review with its picture scores and the text read in it, and approves it', async () => {
    const work = {
      id: 77,
      categoryId: 3,
      title: '周末野餐',
      summary: '晒晒今天的野餐',
      cover: '/uploads/general/a.png',
      author: userRef(8, '新用户'),
      status: 'pending',
      pinned: false,
      takedownReason: null,
      review: {
        reason: 'flagged',
        pictures: [
          {
            url: '/uploads/general/a.png',
            engine: 'nsfwjs',
            scores: { drawing: 0.1, hentai: 0.02, neutral: 0.3, porn: 0.08, sexy: 0.5 },
            risk: 0.35,
            verdict: 'review',
            ocrText: '加我微信领福利',
            words: ['加微信'],
          },
        ],
      },
      likeCount: 0,
      commentCount: 0,
      reportCount: 0,
      createTime: '2026-11-24T09:00:00.000Z',
      publishTime: null,
    };
    const sent = serveApi({
      ...base,
      'POST /api/console/content/page': () => paged([work]),
      'POST /api/console/content/review/approve': () => envelope({ ...work, status: 'published' }),
    });
    await renderConsole('/queues/contentReview');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const drawer = await openRow(user, '周末野餐');
    expect(within(drawer).getAllByText('可疑图片或文字').length).toBeGreaterThan(0);
    expect(within(drawer).getByTestId('review-ocr').textContent).toContain('加我微信领福利');
    expect(within(drawer).getByText(/风险分 35%/)).toBeTruthy();
    expect(within(drawer).getByText(/命中敏感词: 加微信/)).toBeTruthy();
    expect(await bodySentTo(sent, '/api/console/content/page')).toMatchObject({ filters: { status: 'pending' } });
    await user.click(within(drawer).getByRole('button', { name: /通\s*过/ }));
    expect(await bodySentTo(sent, '/api/console/content/review/approve')).toEqual({ id: 77 });
  });

  it('ships a mall item only with a courier and a valid tracking number', async () => {
    const shipping = {
      id: 12,
      user: userRef(7, '小明'),
      itemId: 3,
      itemName: '定制帆布包',
      image: '/static/mall/bag.png',
      points: 500,
      status: 'shipping',
      courier: null,
      trackingNo: null,
      shipTime: null,
      createTime: '2026-11-24T09:00:00.000Z',
    };
    const sent = serveApi({
      ...base,
      'POST /api/console/mall/shipping/page': () => paged([shipping]),
      'POST /api/console/mall/shipping/ship': () =>
        envelope({ ...shipping, status: 'shipped', courier: '顺丰', trackingNo: 'SF1234567890', shipTime: '2026-11-24T10:00:00.000Z' }),
    });
    await renderConsole('/queues/mallShipping');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await openRow(user, '定制帆布包');
    await user.type(await screen.findByTestId('courier-input'), '顺丰');
    await user.type(screen.getByTestId('tracking-input'), 'a b');
    await user.click(screen.getByRole('button', { name: '确认发货' }));
    expect(await screen.findByText('快递单号为 4–40 位字母、数字或 -')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/api/console/mall/shipping/ship')).toBe(false);
    await user.clear(screen.getByTestId('tracking-input'));
    await user.type(screen.getByTestId('tracking-input'), 'SF1234567890');
    await user.click(screen.getByRole('button', { name: '确认发货' }));
    expect(await bodySentTo(sent, '/api/console/mall/shipping/ship')).toEqual({
      id: 12,
      courier: '顺丰',
      trackingNo: 'SF1234567890',
    });
  });

  it('confirms an offline payment after the operator confirms the amount', async () => {
    const order = {
      id: 77,
      orderNo: 'AC202611240001',
      packageId: 2,
      packageName: '月度会员',
      payMethod: 1,
      state: 'pending',
      originalFen: 3000,
      discountFen: 0,
      amountFen: 3000,
      goldCost: null,
      couponId: null,
      gold: 0,
      vipDays: 30,
      payParams: null,
      expireTime: '2026-11-25T09:00:00.000Z',
      payTime: null,
      cancelTime: null,
      refundTime: null,
      createTime: '2026-11-24T09:00:00.000Z',
      user: userRef(7, '小明'),
      remark: null,
    };
    const sent = serveApi({
      ...base,
      'POST /api/console/orders/page': () => paged([order]),
      'POST /api/console/orders/confirm-offline': () => envelope({ ...order, state: 'paid' }),
    });
    await renderConsole('/queues/offlinePayment');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const drawer = await openRow(user, 'AC202611240001');
    expect(sent.find((r) => r.path === '/api/console/orders/page')?.body).toMatchObject({ filters: { state: 'pending', payMethod: 1 } });
    await user.click(within(drawer).getByRole('button', { name: '确认到账' }));
    expect(await screen.findByText('确认已收到 ¥30.00？确认后订单支付成功并立即发放。')).toBeInTheDocument();
    expect(sent.some((r) => r.path === '/api/console/orders/confirm-offline')).toBe(false);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await bodySentTo(sent, '/api/console/orders/confirm-offline')).toEqual({ id: 77 });
  });
});
