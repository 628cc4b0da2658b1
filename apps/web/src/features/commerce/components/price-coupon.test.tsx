import type { Coupon } from '@app/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../shared/i18n';
import { fenToYuan, formatPrice, sortPackages } from '../lib/money';
import { CouponPicker, type CouponOption } from './coupon-picker';
import { PriceDisplay } from './price-display';

beforeAll(async () => {
  await initI18n('zh-Hans');
});

const wrap = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

const coupon = (over: Partial<Coupon>): Coupon => ({
  id: 1,
  templateId: 1,
  name: '新人专享券',
  description: '',
  type: 1,
  value: 1000,
  threshold: 0,
  packageId: null,
  validFrom: '2026-01-01T00:00:00Z',
  validUntil: '2026-12-31T00:00:00Z',
  state: 'usable',
  orderId: null,
  useTime: null,
  createTime: '2026-01-01T00:00:00Z',
  ...over,
});

describe('money', () => {
  it('formats integer fen as yuan with two decimals', () => {
    expect(fenToYuan(2500)).toBe('25.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(19999)).toBe('199.99');
    expect(formatPrice(-1050)).toBe('¥-10.50');
  });

  it('lists android and all packages by orderNo', () => {
    const p = (id: number, orderNo: number, os: string) => ({ id, orderNo, metadata: { os } });
    expect(sortPackages([p(1, 3, 'all'), p(2, 1, 'ios'), p(3, 2, 'android'), p(4, 1, 'all')]).map((x) => x.id)).toEqual([4, 3, 1]);
  });
});

describe('PriceDisplay', () => {
  it('shows the package price, the discount and the amount to pay in yuan', () => {
    wrap(<PriceDisplay quote={{ originalFen: 2500, discountFen: 1000, payFen: 1500 }} />);
    expect(screen.getByTestId('price-original')).toHaveTextContent('¥25.00');
    expect(screen.getByTestId('price-discount')).toHaveTextContent('-¥10.00');
    expect(screen.getByTestId('price-pay')).toHaveTextContent('¥15.00');
  });

  it('hides the discount row without a discount', () => {
    wrap(<PriceDisplay quote={{ originalFen: 800, discountFen: 0, payFen: 800 }} />);
    expect(screen.queryByTestId('price-discount')).toBeNull();
    expect(screen.getByTestId('price-pay')).toHaveTextContent('¥8.00');
  });
});

describe('CouponPicker', () => {
  const options: CouponOption[] = [
    { coupon: coupon({ id: 1 }), usable: true, reason: null, quote: { packageId: 1, couponId: 1, originalFen: 2500, discountFen: 1000, payFen: 1500, goldCost: 1500 } },
    { coupon: coupon({ id: 2, name: '会员 8 折券', type: 2, value: 800 }), usable: true, reason: null, quote: { packageId: 1, couponId: 2, originalFen: 2500, discountFen: 500, payFen: 2000, goldCost: 2000 } },
    { coupon: coupon({ id: 3, name: '满 50 减 10', type: 8, value: 1000, threshold: 5000 }), usable: false, reason: 'coupon_threshold_not_met', quote: null },
  ];

  it('lists each coupon with what it gives and saves, the unusable one disabled with its reason', () => {
    wrap(<CouponPicker options={options} selected={undefined} onSelect={() => undefined} />);
    expect(screen.getByTestId('coupon-1')).toHaveTextContent('立减 ¥10.00');
    expect(screen.getByTestId('coupon-1')).toHaveTextContent('省 ¥10.00');
    expect(screen.getByTestId('coupon-2')).toHaveTextContent('8 折');
    expect(screen.getByTestId('coupon-2')).toHaveTextContent('省 ¥5.00');
    expect(screen.getByTestId('coupon-3')).toBeDisabled();
    expect(screen.getByTestId('coupon-3')).toHaveTextContent('满 ¥50.00 减 ¥10.00');
    expect(screen.getByTestId('coupon-3')).toHaveTextContent('未达到使用门槛');
    expect(screen.getByTestId('coupon-none')).toHaveClass('is-active');
  });

  it('selects a coupon and back to none', () => {
    const onSelect = vi.fn();
    const { rerender } = wrap(<CouponPicker options={options} selected={undefined} onSelect={onSelect} />);
    fireEvent.click(screen.getByTestId('coupon-2'));
    expect(onSelect).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByTestId('coupon-3'));
    expect(onSelect).toHaveBeenCalledTimes(1);
    rerender(
      <I18nextProvider i18n={i18n}>
        <CouponPicker options={options} selected={2} onSelect={onSelect} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('coupon-2')).toHaveClass('is-active');
    fireEvent.click(screen.getByTestId('coupon-none'));
    expect(onSelect).toHaveBeenLastCalledWith(undefined);
  });
});
