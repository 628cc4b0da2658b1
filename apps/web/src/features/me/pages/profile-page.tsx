import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/lib/api/api-error';
import { useAppStore } from '../../../shared/lib/app-store';
import { getBaseInfoQueryOptions, userDetailQueryOptions } from '../../../shared/lib/session';
import { formatDate } from '../../../shared/lib/time';
import { decodeToken } from '../../../shared/lib/token';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { showToast } from '../../../shared/ui/feedback';
import { blockUser, publicUserInfoQueryOptions, unblockUser } from '../api/profile';
import './profile-page.css';
import { usePersonName } from '../../../shared/lib/person-name';

type Works = (userId: number) => ReactNode;

interface HeaderProps {
  avatar: string;
  nickName: string;
  introduction: string;
  isVip: boolean;
  homeBg: string | null | undefined;
  /** Under the introduction: join date and membership (own) or nothing. */
  meta?: ReactNode;
  /** In the cover's corner: the change-background button (own) or nothing. */
  coverAction?: ReactNode;
  /** Below the card: block / report (another person). */
  actions?: ReactNode;
}

function ProfileHeader({ avatar, nickName, introduction, isVip, homeBg, meta, coverAction, actions }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <>
      <header className="profile-page__cover" data-testid="profile-cover" style={homeBg ? { backgroundImage: `url("${encodeURI(homeBg)}")` } : undefined}>
        {coverAction}
      </header>
      <section className="profile-page__card">
        <img className="profile-page__avatar" src={avatar} alt="" width={72} height={72} data-testid="profile-avatar" />
        <h1 className="profile-page__name" data-testid="profile-name">
          {nickName}
          {isVip ? <span className="profile-page__vip" data-testid="profile-vip">{t('mine.vip')}</span> : null}
        </h1>
        <p className="profile-page__intro" data-testid="profile-intro">{introduction}</p>
        {meta}
        {actions}
      </section>
    </>
  );
}

/** The caller's own homepage: their header, the change-background button, join date and membership. */
function OwnProfile({ works }: { works: Works }) {
  const { t } = useTranslation();
  const info = useQuery(getBaseInfoQueryOptions());
  const detail = useQuery(userDetailQueryOptions());
  if (info.isPending) return <p className="profile-page__loading" data-testid="profile-loading">{t('common.loading')}</p>;
  if (info.isError) return <LoadFailed title={t('users.loadFailed')} onRetry={() => void info.refetch()} />;
  const user = info.data;
  const homeBg = typeof detail.data?.metadata.homeBg === 'string' ? detail.data.metadata.homeBg : undefined;
  return (
    <div className="profile-page" data-testid="profile-page" data-own="true">
      <ProfileHeader
        avatar={user.avatar}
        nickName={user.nickName}
        introduction={user.introduction}
        isVip={user.isVip}
        homeBg={homeBg}
        coverAction={
          <Link className="profile-page__bg-link" to="/set/wallpaper" data-testid="profile-change-bg">
            {t('me.profile.changeBg')}
          </Link>
        }
        meta={
          <>
            <p className="profile-page__meta">{t('me.profile.joined', { date: formatDate(user.createTime) })}</p>
            {user.isVip && user.vipExpireDate ? <p className="profile-page__meta">{t('mine.vipUntil', { date: formatDate(user.vipExpireDate) })}</p> : null}
          </>
        }
      />
      {works(user.id)}
    </div>
  );
}

/** Another person's homepage: their public profile (GET /api/sysUser/userInfo), block and report. */
function OtherProfile({ userId, works }: { userId: number; works: Works }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const queryClient = useQueryClient();
  const loggedIn = Boolean(useAppStore((s) => s.session));
  const info = useQuery(publicUserInfoQueryOptions(userId));
  const [busy, setBusy] = useState(false);

  if (info.isPending) return <p className="profile-page__loading" data-testid="profile-loading">{t('common.loading')}</p>;
  if (info.isError) {
    if (info.error instanceof ApiError && info.error.code === 404)
      return <EmptyState image="lost" title={t('me.profile.notFound')} testId="profile-not-found" />;
    return <LoadFailed title={t('users.loadFailed')} onRetry={() => void info.refetch()} />;
  }
  const user = info.data;

  const handleBlock = async () => {
    if (!user.isBlocked) {
      const { default: Dialog } = await import('antd-mobile/es/components/dialog');
      const ok = await Dialog.confirm({
        title: t('me.profile.blockTitle'),
        content: t('me.profile.blockContent', { name: personName(user.nickName) }),
        confirmText: t('me.profile.block'),
        cancelText: t('common.cancel'),
      });
      if (!ok) return;
    }
    setBusy(true);
    try {
      await (user.isBlocked ? unblockUser(user.id) : blockUser(user.id));
      showToast(t(user.isBlocked ? 'me.profile.unblocked' : 'me.profile.blocked'), 'success');
      // The plaza lists and this profile change with the block list.
      await queryClient.invalidateQueries({ queryKey: ['user', 'public', userId] });
      void queryClient.invalidateQueries({ queryKey: ['plaza'] });
    } catch {
      // The client has shown the message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="profile-page" data-testid="profile-page" data-own="false">
      <ProfileHeader
        avatar={user.avatar}
        nickName={personName(user.nickName)}
        introduction={user.introduction}
        isVip={user.isVip}
        homeBg={user.homeBg}
        actions={
          loggedIn && !user.isDeleted ? (
            <div className="profile-page__actions">
              <button type="button" className="profile-page__action" data-testid="profile-block" disabled={busy} onClick={() => void handleBlock()}>
                {t(user.isBlocked ? 'me.profile.unblock' : 'me.profile.block')}
              </button>
              <Link className="profile-page__action" to={`/set/help/report?type=user&id=${user.id}`} data-testid="profile-report">
                {t('me.profile.report')}
              </Link>
            </div>
          ) : null
        }
      />
      {user.isBlocked ? <p className="profile-page__blocked" data-testid="profile-blocked-note">{t('me.profile.blockedNote')}</p> : works(user.id)}
    </div>
  );
}

/**
 * Spec §2 personal homepage: background image (metadata homeBg), avatar, nickname, introduction, VIP, works.
 * `?userId=` of someone else shows that person (with block and report); none, or the caller's own id, the caller.
 */
export function ProfilePage({ works }: { works: Works }) {
  const [params] = useSearchParams();
  const myId = decodeToken(useAppStore((s) => s.session)?.accessToken)?.uid;
  const userId = Number(params.get('userId'));
  if (Number.isInteger(userId) && userId > 0 && userId !== myId) return <OtherProfile userId={userId} works={works} />;
  return <OwnProfile works={works} />;
}
