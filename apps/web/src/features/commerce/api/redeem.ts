import type { QueryClient } from '@tanstack/react-query';
import { t } from '../../../shared/i18n';
import { call } from '../../../shared/lib/api/client';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { showToast } from '../../../shared/ui/feedback';
import { commerceKeys } from './commerce';

/** Redeems a coupon code or binds a referral code (the server tells which); toasts the outcome. */
export const redeemCode = async (code: string, queryClient: QueryClient): Promise<boolean> => {
  const value = code.trim();
  if (value.length < 4 || value.length > 32) {
    showToast(t('commerce.codeRequired'), 'fail');
    return false;
  }
  const result = await call(endpoints.couponExchange, { body: { code: value } }).catch(() => null);
  if (!result) return false;
  showToast(result.kind === 'coupon' ? t('commerce.redeemed') : t('commerce.boundReferral', { name: result.referrerNickName }), 'success');
  await queryClient.invalidateQueries({ queryKey: commerceKeys.all });
  return true;
};
