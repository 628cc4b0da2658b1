import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/lib/time';
import { EmptyState } from '../../../shared/ui/empty-state';
import { getBaseInfoQueryOptions, userDetailQueryOptions } from '../../../shared/lib/session';
import './profile-page.css';

/** Spec §2 personal homepage: background image (metadata homeBg), avatar, nickname, introduction, VIP. */
export function ProfilePage({ works }: { works: (userId: number) => ReactNode }) {
  const { t } = useTranslation();
  const info = useQuery(getBaseInfoQueryOptions());
  const [params] = useSearchParams();
  const detail = useQuery(userDetailQueryOptions());

  if (info.isPending) return <p className="profile-page__loading" data-testid="profile-loading">{t('common.loading')}</p>;
  if (info.isError)
    return (
      <EmptyState image="network" title={t('account.loadFailed')} action={<button type="button" className="app-button" onClick={() => void info.refetch()}>{t('common.retry')}</button>} />
    );
  const homeBg = typeof detail.data?.metadata.homeBg === 'string' ? detail.data.metadata.homeBg : undefined;
  const user = info.data;

  return (
    <div className="profile-page" data-testid="profile-page">
      <header className="profile-page__cover" data-testid="profile-cover" style={homeBg ? { backgroundImage: `url("${encodeURI(homeBg)}")` } : undefined}>
        <Link className="profile-page__bg-link" to="/set/wallpaper">
          {t('me.profile.changeBg')}
        </Link>
      </header>
      <section className="profile-page__card">
        <img className="profile-page__avatar" src={user.avatar} alt="" width={72} height={72} />
        <h1 className="profile-page__name" data-testid="profile-name">
          {user.nickName}
          {user.isVip ? <span className="profile-page__vip">{t('mine.vip')}</span> : null}
        </h1>
        <p className="profile-page__intro">{user.introduction}</p>
        <p className="profile-page__meta">{t('me.profile.joined', { date: formatDate(user.createTime) })}</p>
        {user.isVip && user.vipExpireDate ? <p className="profile-page__meta">{t('mine.vipUntil', { date: formatDate(user.vipExpireDate) })}</p> : null}
      </section>
      {works(Number(params.get('userId')) || user.id)}
    </div>
  );
}
