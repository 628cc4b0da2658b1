import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { getReferralQueryOptions } from '../api/commerce';
import '../commerce.css';

const POSTER = { width: 600, height: 800 };

/** Draws the share poster: title, the code and the link of the app. */
export const drawPoster = (canvas: HTMLCanvasElement, lines: { title: string; code: string; intro: string; link: string }): void => {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
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
  ctx.fillText(lines.intro, width / 2, 560, width - 80);
  ctx.font = '20px sans-serif';
  ctx.fillText(lines.link, width / 2, 720, width - 80);
};

/** Spec §2 my referral code: the code (created once), copy, a share poster on a canvas, the people who used it. */
export function MyReferralPage() {
  const { t } = useTranslation();
  const referral = useQuery(getReferralQueryOptions());
  const canvas = useRef<HTMLCanvasElement>(null);
  const code = referral.data?.code;
  const link = `${window.location.origin}${window.location.pathname}`;

  useEffect(() => {
    if (!code || !canvas.current) return;
    drawPoster(canvas.current, {
      title: t('commerce.posterTitle'),
      code: code.code,
      intro: t('commerce.referralIntro', { gold: code.rewardGold }),
      link,
    });
  }, [code, link, t]);

  if (referral.isPending) return <p className="vip-page">{t('common.loading')}</p>;
  if (referral.isError || !code)
    return <EmptyState image="network" title={t('commerce.loadFailed')} action={<button type="button" className="app-button" onClick={() => void referral.refetch()}>{t('common.retry')}</button>} />;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code.code);
      showToast(t('commerce.copied'), 'success');
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
                  <strong>{u.nickName}</strong>
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
