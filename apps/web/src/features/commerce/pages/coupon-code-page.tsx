import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { redeemCode } from '../api/redeem';
import '../commerce.css';

/** Spec §2 member discount code: redeem a coupon code or bind a friend's referral code (`?code=` fills it in). */
export function CouponCodePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A scanned referral poster opens this page with its code filled in.
  const [code, setCode] = useState(params.get('code') ?? '');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const ok = await redeemCode(code, queryClient);
    setBusy(false);
    if (ok) await navigate('/pages/index/coupons/index');
  };
  return (
    <form className="vip-page" data-testid="coupon-code-page" onSubmit={(e) => void submit(e)}>
      <section className="vip-card">
        <p className="vip-pre">{t('commerce.codeIntro')}</p>
        <input className="vip-input" data-testid="code-input" value={code} maxLength={32} placeholder={t('commerce.redeemPlaceholder')} onChange={(e) => setCode(e.target.value)} />
      </section>
      <div className="vip-footer">
        <button type="submit" className="app-button" data-testid="code-submit" disabled={busy}>
          {t('commerce.redeem')}
        </button>
      </div>
    </form>
  );
}
