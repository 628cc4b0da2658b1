import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Skeleton, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../shared/lib/api';
import { formatFen, formatTime } from '../../shared/lib/format';
import { ReasonButton } from '../../shared/ui/reason-modal';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { withFeedback } from '../../shared/ui/with-feedback';
import { useUnbanUser } from './api/ban';
import { getUserDetailQueryOptions } from './api/user-detail';
import { UserActionDialogs, type UserDialog } from './user-action-dialogs';
import { LedgerTab, OrdersTab, SessionsTab } from './user-history-tabs';

/** One user: balances, real-name, orders, ledger and sessions; ban, unban, grants and password reset. */
function UserDetailView() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const detail = useQuery(getUserDetailQueryOptions(userId));
  const [dialog, setDialog] = useState<UserDialog>();
  const feedback = useActionFeedback();
  const unban = useUnbanUser(userId);

  if (detail.error) return <Alert type="error" showIcon message={errorMessage(detail.error)} />;
  const user = detail.data;
  if (!user) return <Skeleton active />;
  return (
    <>
      <Card
        title={`${user.nickName} #${user.id}`}
        extra={
          <Space>
            {user.banned ? (
              <ReasonButton label={t('users.unban')} onSubmit={(reason) => feedback(unban.mutateAsync(reason), { silentError: true })} />
            ) : (
              <Button danger onClick={() => setDialog('ban')}>
                {t('users.ban')}
              </Button>
            )}
            <Button onClick={() => setDialog('grant')}>{t('users.grant')}</Button>
            <Button onClick={() => setDialog('password')}>{t('users.resetPassword')}</Button>
          </Space>
        }
        style={{ marginBottom: 16 }}
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label={t('users.account')}>{user.account ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.phone')}>{user.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('users.roles')}>{user.roles.join(', ')}</Descriptions.Item>
          <Descriptions.Item label={t('users.gold')}>{user.gold}</Descriptions.Item>
          <Descriptions.Item label={t('users.points')}>{user.points}</Descriptions.Item>
          <Descriptions.Item label={t('users.vipExpire')}>{formatTime(user.vipExpire)}</Descriptions.Item>
          <Descriptions.Item label={t('users.realName')}>
            {t(`realNameStatus.${user.realNameStatus}`)}
            {user.realName ? ` · ${user.realName.realName} ${user.realName.idCardNum}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('users.paid')}>{`${formatFen(user.paidFen)} / ${user.orderCount}`}</Descriptions.Item>
          <Descriptions.Item label={t('users.articles')}>{user.articleCount}</Descriptions.Item>
          <Descriptions.Item label={t('field.status')}>
            {user.banned ? (
              <Tag color="red">{`${t('users.banned')}${user.banUntil ? ` → ${formatTime(user.banUntil)}` : ''} ${user.banReason ?? ''}`}</Tag>
            ) : (
              <Tag color="green">{t('users.active')}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.createTime')}>{formatTime(user.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t('users.lastSeen')}>{formatTime(user.lastActiveTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'orders', label: t('users.orders'), children: <OrdersTab userId={userId} /> },
            { key: 'ledger', label: t('users.ledger'), children: <LedgerTab userId={userId} /> },
            { key: 'sessions', label: t('users.sessions'), children: <SessionsTab userId={userId} /> },
          ]}
        />
      </Card>
      <UserActionDialogs userId={userId} open={dialog} onClose={() => setDialog(undefined)} />
    </>
  );
}

export const UserDetailPage = withFeedback(UserDetailView);
