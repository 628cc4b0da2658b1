import { BILL_STATES, BILL_TARGETS, LEDGER_REASONS, type Bill, type GoldPackage } from '@app/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import commerceEn from '../locales/en';
import commerceEs from '../locales/es';
import commerceFr from '../locales/fr';
import commerceZhHans from '../locales/zh-Hans';
import commerceZhHant from '../locales/zh-Hant';
import sharedEn from '../../../shared/i18n/locales/en';
import sharedEs from '../../../shared/i18n/locales/es';
import sharedFr from '../../../shared/i18n/locales/fr';
import sharedZhHans from '../../../shared/i18n/locales/zh-Hans';
import sharedZhHant from '../../../shared/i18n/locales/zh-Hant';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { baseInfo, envelope, logIn, renderApp } from '../../../test/render-app';
import { BILL_KIND_ICONS, reasonKey } from '../lib/reason';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Each language's shared and commerce messages (where the records, welfare and shortfall texts live). */
const MESSAGES: Record<string, Record<string, unknown>> = {
  'zh-Hans': { ...sharedZhHans, ...commerceZhHans },
  'zh-Hant': { ...sharedZhHant, ...commerceZhHant },
  en: { ...sharedEn, ...commerceEn },
  es: { ...sharedEs, ...commerceEs },
  fr: { ...sharedFr, ...commerceFr },
};
const LANGUAGES = Object.keys(MESSAGES);
const lookup = (messages: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages);

describe('ledger labels: every reason the server writes has a label and an icon in five languages', () => {
  it.each(LANGUAGES)('%s', (language) => {
    const messages = MESSAGES[language]!;
    for (const reason of LEDGER_REASONS) {
      const key = reasonKey(reason);
      expect(key, reason).not.toBe('commerce.reason.other');
      expect(lookup(messages, key), `${language} ${key}`).toEqual(expect.any(String));
      expect(BILL_KIND_ICONS[key.replace('commerce.reason.', '')], reason).toBeDefined();
    }
    for (const state of BILL_STATES) expect(lookup(messages, `commerce.billState.${state}`)).toEqual(expect.any(String));
    for (const target of BILL_TARGETS) expect(lookup(messages, `commerce.billTarget.${target}`)).toEqual(expect.any(String));
    for (const way of ['title', 'missing', 'checkIn', 'welfare', 'vip', 'topUp'])
      expect(lookup(messages, `gold.short.${way}`)).toEqual(expect.any(String));
  });
});

const bill = (over: Partial<Bill>): Bill => ({
  id: 1,
  currency: 'gold',
  amount: 0,
  balanceAfter: 0,
  reason: 'welcome_gift',
  kind: 'welcome_gift',
  state: null,
  net: 0,
  refType: null,
  refId: null,
  target: null,
  date: '2026-11-27',
  createTime: '2026-11-27T02:00:00Z',
  ...over,
});
const draw = bill({ id: 3, amount: -60, net: -60, reason: 'ai_draw', kind: 'ai_draw', state: 'captured', refType: 'ai_draw', refId: '71', target: { type: 'drawing_task', id: '71' }, balanceAfter: 3940 });
const dub = bill({ id: 2, amount: -200, net: 0, reason: 'ai_dubbing', kind: 'ai_dubbing', state: 'released', refType: 'tts', refId: '72', target: { type: 'dubbing_task', id: '72' } });
const gift = bill({ id: 1, amount: 4000, net: 4000, balanceAfter: 4000 });

describe('readable records', () => {
  it('labels each line with its kind and state, shows a returned task in grey (no 其他, no green 0), and the detail links to the task', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = String(input);
        if (url.startsWith('/api/sysGoldPackageBill/calendar'))
          return envelope({ month: '2026-11', currency: 'gold', days: [{ date: '2026-11-27', income: 4000, expense: 60, total: 3940, count: 3 }], income: 4000, expense: 60 });
        if (url === '/api/sysGoldPackageBill/page') return envelope({ items: [draw, dub, gift], total: 3, page: 1, pageSize: 100 });
        if (url.startsWith('/api/sysGoldPackageBill/detail')) return envelope({ ...draw, order: null });
        return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    await renderApp('/pages/index/vip/expenseCalendar');
    const list = await screen.findByTestId('bill-list', {}, { timeout: 8000 });
    expect(list).not.toHaveTextContent('其他');
    const drawLine = within(screen.getByTestId('bill-3'));
    expect(drawLine.getByTestId('bill-label')).toHaveTextContent('AI 绘画');
    expect(screen.getByTestId('bill-3')).toHaveTextContent('已完成');
    expect(drawLine.getByTestId('bill-amount')).toHaveTextContent('-60');
    const dubAmount = within(screen.getByTestId('bill-2')).getByTestId('bill-amount');
    expect(dubAmount).toHaveTextContent('已退回 200');
    expect(dubAmount).not.toHaveClass('is-income');
    expect(within(screen.getByTestId('bill-1')).getByTestId('bill-label')).toHaveTextContent('新人礼包');

    fireEvent.click(screen.getByTestId('bill-3'));
    const link = await screen.findByTestId('bill-target', {}, { timeout: 8000 });
    expect(screen.getByTestId('bill-kind')).toHaveTextContent('AI 绘画');
    expect(link).toHaveTextContent('查看绘画任务');
    expect(link).toHaveAttribute('href', '/draw/home/detail?id=71');
  });
});

describe('welfare coupons', () => {
  it("show 已领取, disabled, from the server's state once claimed", async () => {
    logIn();
    let claimed = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = String(input);
        if (url.startsWith('/api/sysWelfare/info'))
          return envelope({
            benefits: [],
            coupons: [{ title: '新人专享券', code: 'NEW_USER_10', type: 1, description: '立减 10 元', claimed }],
            tasks: [],
            referralRewardGold: 500,
            rules: [],
          });
        if (url === '/api/sysCoupon/exchange') {
          claimed = true;
          return envelope({ kind: 'coupon', coupon: {} });
        }
        return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    await renderApp('/pages/detail/welfare');
    const button = await screen.findByTestId('claim-NEW_USER_10', {}, { timeout: 8000 });
    expect(button).toHaveTextContent('领取');
    expect(button).toBeEnabled();
    fireEvent.click(button);
    await vi.waitFor(() => expect(screen.getByTestId('claim-NEW_USER_10')).toHaveTextContent('已领取'));
    expect(screen.getByTestId('claim-NEW_USER_10')).toBeDisabled();
  });
});

const quarter: GoldPackage = {
  id: 2,
  name: '季卡会员',
  packageType: 'vip',
  description: '',
  priceFen: 6800,
  originalPriceFen: null,
  goldPrice: 81600,
  gold: 90000,
  vipDays: 90,
  vipLevel: 1,
  tags: [],
  status: 1,
  obtainMethod: 1,
  orderNo: 1,
  metadata: { os: 'android' },
};

describe('not enough gold', () => {
  it('on the VIP page the shortfall shows before confirming, with the ways forward and the other pay methods', async () => {
    logIn();
    const bought: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = String(input);
        if (url.startsWith('/api/sysGoldPackage/list')) return envelope([quarter]);
        if (url === '/api/sysCoupon/ApplyCoupon') return envelope({ items: [], best: null });
        if (url.startsWith('/api/sysUser/baseInfo')) return envelope(baseInfo({ gold: 7300 }));
        if (url === '/api/sysPay/buyGoldPackage') bought.push(url);
        return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    await renderApp('/pages/index/vip/index');
    // The quarter includes gold: offered at its money price first; gold pays for its VIP days alone.
    const goldMethod = await screen.findByTestId('pay-method-0', {}, { timeout: 8000 });
    expect(screen.getByTestId('pay-method-1')).toHaveClass('is-active');
    expect(screen.queryByTestId('pay-gold-vip-only')).toBeNull();
    fireEvent.click(goldMethod);
    expect(screen.getByTestId('pay-gold-vip-only')).toHaveTextContent('金币支付只开通会员，不含套餐赠送的 90000 金币');
    const short = await screen.findByTestId('insufficient-gold', {}, { timeout: 8000 });
    expect(within(short).getByTestId('gold-missing')).toHaveTextContent('还差 74300 金币');
    expect(short).toHaveTextContent('也可以改用其他支付方式');
    expect(within(short).getByTestId('gold-way-checkIn')).toHaveAttribute('href', '/activity/sign/index');
    expect(within(short).getByTestId('gold-way-topUp')).toHaveAttribute('href', '/pages/index/vip/index?tab=gold');
    expect(screen.getByTestId('pay-button')).toBeDisabled();
    // Another pay method: the shortfall goes and the button works.
    fireEvent.click(screen.getByTestId('pay-method-1'));
    expect(screen.queryByTestId('insufficient-gold')).toBeNull();
    expect(screen.getByTestId('pay-button')).toBeEnabled();
    expect(bought).toEqual([]);
  });

  it('any refused spend opens the one shortfall sheet (how much is missing, the ways forward) instead of a bare toast', async () => {
    logIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = String(input);
        if (url === '/api/aiDraw/imagine')
          return new Response(
            JSON.stringify({ code: 409, type: 'error', message: '金币余额不足', result: null, extras: { error: 'insufficient_gold', need: 90, balance: 30, missing: 60 }, time: '' }),
            { status: 409, headers: { 'Content-Type': 'application/json' } },
          );
        return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    await renderApp('/pages/index/vip/expenseCalendar');
    await screen.findByTestId('expense-calendar-page', {}, { timeout: 8000 });
    await act(async () => {
      await call(endpoints.aiDrawImagine, { body: { prompt: '一只猫', style: 'none', ratio: '1:1', count: 3 } } as never).catch(() => undefined);
    });
    const sheet = await screen.findByTestId('insufficient-gold');
    expect(within(sheet).getByTestId('gold-missing')).toHaveTextContent('还差 60 金币');
    for (const way of ['checkIn', 'welfare', 'vip', 'topUp']) expect(within(sheet).getByTestId(`gold-way-${way}`)).toBeInTheDocument();
    fireEvent.click(within(sheet).getByTestId('gold-way-welfare'));
    await vi.waitFor(() => expect(screen.queryByTestId('expense-calendar-page')).toBeNull());
  });
});
