import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getAppConfigQueryOptions } from '../../../shared/lib/app-config';
import { drawQr } from '../../../shared/lib/qr';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { getReferralQueryOptions } from '../api/commerce';
import '../commerce.css';
import { usePersonName } from '../../../shared/lib/person-name';

export const POSTER = { width: 600, height: 800 };
const QR = { x: 200, y: 560, size: 200 };

/** The link a scanned poster opens: the code page with the referral code filled in. */
export const referralLink = (appUrl: string, code: string): string => `${appUrl}#/pages/index/coupons/code?code=${encodeURIComponent(code)}`;

/** Draws the share poster: title, the code, what a friend gets, and a QR code of the referral link. */
export const drawPoster = (ctx: CanvasRenderingContext2D, lines: { title: string; code: string; intro: string; link: string; scan: string }): void => {
  const { width, height } = POSTER;
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#2384F5');
  gradient.addColorStop(1, '#7FB8FF');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.font = 'bold 40px sans-serif';
  ctx.fillText(lines.title, width / 2, 160);
  ctx.fillStyle = 'rgba(255,255,255,0.95)';
  ctx.fillRect(80, 260, width - 160, 200);
  ctx.fillStyle = '#2384F5';
  ctx.font = 'bold 64px sans-serif';
  ctx.fillText(lines.code, width / 2, 385);
  ctx.fillStyle = '#fff';
  ctx.font = '26px sans-serif';
  ctx.fillText(lines.intro, width / 2, 520, width - 80);
  drawQr(ctx, lines.link, QR);
  ctx.fillStyle = '#fff';
  ctx.font = '20px sans-serif';
  ctx.fillText(lines.scan, width / 2, QR.y + QR.size + 28, width - 80);
};

/** The gold a new account receives (app_config welcomeGift), when the config says so. */
const welcomeGoldOf = (config: Record<string, unknown> | undefined): number => {
  const gift = config?.welcomeGift;
  const gold = typeof gift === 'object' && gift !== null ? (gift as { gold?: unknown }).gold : undefined;
  return typeof gold === 'number' && gold > 0 ? gold : 0;
};

/**
 * The poster's line for the person who scans it: what THEY get (the welcome gift of a new account), never the
 * inviter's reward, which the page shows to the inviter.
 */
export const posterInviteeLine = (t: (key: string, options?: Record<string, unknown>) => string, welcomeGold: number): string =>
  welcomeGold > 0 ? t('commerce.posterInviteeGift', { gold: welcomeGold }) : t('commerce.posterInvitee');

/** Spec §2 my referral code: the code (created once), copy, a share poster on a canvas, the people who used it. */
export function MyReferralPage() {
  const { t } = useTranslation();
  const personName = usePersonName();
  const referral = useQuery(getReferralQueryOptions());
  const welcomeGold = welcomeGoldOf(useQuery(getAppConfigQueryOptions()).data);
  const canvas = useRef<HTMLCanvasElement>(null);
  const code = referral.data?.code;
  const appUrl = `${window.location.origin}${window.location.pathname}`;

  useEffect(() => {
    const ctx = code ? canvas.current?.getContext('2d') : null;
    if (!code || !ctx) return;
    drawPoster(ctx, {
      title: t('commerce.posterTitle'),
      code: code.code,
      intro: posterInviteeLine(t, welcomeGold),
      link: referralLink(appUrl, code.code),
      scan: t('commerce.posterScan'),
    });
  }, [code, appUrl, t, welcomeGold]);

  if (referral.isPending) return <p className="vip-page">{t('common.loading')}</p>;
  if (referral.isError || !code)
    return <LoadFailed title={t('commerce.loadFailed')} onRetry={() => void referral.refetch()} />;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code.code);
      showToast(t('toast.copied'), 'success');
    } catch {
      showToast(code.code);
    }
  };
  const save = () => {
    const a = document.createElement('a');
    a.href = canvas.current?.toDataURL('image/png') ?? '';
    a.download = `referral-${code.code}.png`;
    a.click();
  };

  return (
    <div className="vip-page" data-testid="my-referral-page">
      <section className="vip-card">
        <h2 className="vip-card__title">{t('commerce.myCode')}</h2>
        <p className="vip-code" data-testid="referral-code">
          {code.code}
        </p>
        <p className="vip-pre">{t('commerce.referralIntro', { gold: code.rewardGold })}</p>
        <p className="vip-pre" data-testid="referral-refund-rule">{t('commerce.referralRefundRule')}</p>
        <p className="vip-calendar__sum">
          <span>{t('commerce.usedCount', { count: code.usedCount })}</span>
          <span>{t('commerce.rewarded', { gold: code.rewardedGold })}</span>
        </p>
        <div className="vip-footer">
          <button type="button" className="app-button" data-testid="copy-code" onClick={() => void copy()}>
            {t('commerce.copy')}
          </button>
        </div>
      </section>
      <section className="vip-card">
        <h2 className="vip-card__title">{t('commerce.poster')}</h2>
        <canvas ref={canvas} className="vip-poster" width={POSTER.width} height={POSTER.height} data-testid="referral-poster" />
        <div className="vip-footer">
          <button type="button" className="vip-link" onClick={save}>
            {t('commerce.savePoster')}
          </button>
        </div>
      </section>
      <section className="vip-card">
        <h2 className="vip-card__title">{t('commerce.users')}</h2>
        {referral.data.list.items.length ? (
          <ul className="vip-records" data-testid="referral-users">
            {referral.data.list.items.map((u) => (
              <li key={u.userId} className="vip-records__item">
                <span>
                  <strong>{personName(u.nickName)}</strong>
                  <small>{formatDate(u.bindTime)}</small>
                </span>
                <small>{u.rewardTime ? t('commerce.rewardedAt', { gold: u.rewardGold }) : t('commerce.notRewarded')}</small>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t('commerce.noUsers')} />
        )}
      </section>
    </div>
  );
}
