import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/lib/clipboard';
import { showToast } from '../../../shared/ui/feedback';
import { ProgressBar } from '../../../shared/ui/progress-bar';
import { getOfflinePayQueryOptions, useAttachTransferProof } from '../api/offline-pay';
import { formatPrice } from '../lib/money';

/** One line of the payee card: a label, the value and, for what the user types into a bank app, a copy button. */
function PayeeRow({ label, value, copyId, children }: { label: string; value: string; copyId?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const copy = async () => {
    const ok = await copyText(value);
    showToast(ok ? t('toast.copied') : t('commerce.offline.copyFailed'), ok ? 'success' : 'fail');
  };
  return (
    <div className="vip-offline__row">
      <span className="vip-offline__label">{label}</span>
      <span className="vip-offline__value" data-testid={copyId ? `${copyId}-value` : undefined}>
        {children ?? value}
      </span>
      {copyId ? (
        <button type="button" className="vip-link vip-offline__copy" data-testid={copyId} onClick={() => void copy()}>
          {t('commerce.offline.copy')}
        </button>
      ) : null}
    </div>
  );
}

/** The transfer screenshot: pick a picture (uploaded with progress), shown once sent, replaceable while pending. */
function TransferProof({ orderId, url, pending }: { orderId: number; url: string | null; pending: boolean }) {
  const { t } = useTranslation();
  const attach = useAttachTransferProof(orderId);
  const [percent, setPercent] = useState<number | null>(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPercent(0);
    try {
      await attach.mutateAsync({ file, onProgress: (p) => setPercent(p.percent ?? 0) });
      showToast(t('commerce.offline.proofSent'), 'success');
    } catch {
      // The transfer helper and the API client have said why.
    } finally {
      setPercent(null);
    }
  };
  return (
    <div className="vip-offline__proof" data-testid="transfer-proof">
      <span className="vip-offline__label">{t('commerce.offline.proof')}</span>
      {url ? <img className="vip-offline__shot" src={url} alt={t('commerce.offline.proof')} data-testid="transfer-proof-image" /> : null}
      {pending ? (
        <label className="app-button vip-offline__pick">
          {url ? t('commerce.offline.replaceProof') : t('commerce.offline.addProof')}
          <input type="file" accept="image/*" hidden data-testid="transfer-proof-input" disabled={percent !== null} onChange={(e) => void pick(e)} />
        </label>
      ) : null}
      {percent !== null ? <ProgressBar className="vip-progress" percent={percent} /> : null}
      <small className="vip-offline__hint">{url ? t('commerce.offline.proofWaiting') : t('commerce.offline.proofHint')}</small>
    </div>
  );
}

/** An offline order's payee: amount, order number, payee, bank and account, QR code, service link, instructions. */
export function OfflinePayCard({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const info = useQuery(getOfflinePayQueryOptions(orderId));
  if (!info.data) return null;
  const { payee, orderNo, amountFen, state, transferProofUrl } = info.data;
  return (
    <div className="vip-card vip-offline" data-testid="offline-pay">
      <h3 className="vip-card__title">{t('commerce.offline.title')}</h3>
      <PayeeRow label={t('commerce.offline.amount')} value={formatPrice(amountFen)}>
        <strong data-testid="offline-amount">{formatPrice(amountFen)}</strong>
      </PayeeRow>
      <PayeeRow label={t('commerce.offline.orderNo')} value={orderNo} copyId="copy-order-no" />
      {payee.payeeName ? <PayeeRow label={t('commerce.offline.payee')} value={payee.payeeName} copyId="copy-payee" /> : null}
      {payee.bank ? <PayeeRow label={t('commerce.offline.bank')} value={payee.bank} /> : null}
      {payee.account ? <PayeeRow label={t('commerce.offline.account')} value={payee.account} copyId="copy-account" /> : null}
      {payee.qrUrl ? (
        <figure className="vip-offline__qr">
          <img src={payee.qrUrl} alt={t('commerce.offline.qr')} data-testid="offline-qr" />
          <figcaption>{t('commerce.offline.qrHint')}</figcaption>
        </figure>
      ) : null}
      <p className="vip-pre" data-testid="offline-instructions">{payee.instructions}</p>
      <p className="vip-pre">{t('commerce.offline.remarkHint', { orderNo })}</p>
      {payee.serviceUrl ? (
        <a className="vip-link" href={payee.serviceUrl} target="_blank" rel="noreferrer" data-testid="offline-service">
          {t('commerce.offline.service')}
        </a>
      ) : null}
      <TransferProof orderId={orderId} url={transferProofUrl} pending={state === 'pending'} />
    </div>
  );
}
