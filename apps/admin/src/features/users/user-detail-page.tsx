import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Select, Skeleton, Space, Table, Tabs, Tag } from 'antd';
import { GRANT_KINDS, isPassword, LEDGER_ASSETS, type ResultOf } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { endpoints, errorMessage } from '../../shared/lib/api';
import { formatFen, formatTime } from '../../shared/lib/format';
import { FormModal } from '../../shared/ui/form-modal';
import { ReasonButton } from '../../shared/ui/reason-modal';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { useServerTable } from '../../shared/ui/use-server-table';
import { withFeedback } from '../../shared/ui/with-feedback';
import { FilterSelect } from '../../shared/ui/filter-select';
import { useBanUser, useUnbanUser } from './api/ban';
import { useGrantUser } from './api/grant';
import { useResetUserPassword } from './api/reset-password';
import { getUserDetailQueryOptions } from './api/user-detail';
import { getUserSessionsQueryOptions, type UserSession } from './api/user-sessions';

type Order = ResultOf<typeof endpoints.consoleUserOrders>['items'][number];
type Ledger = ResultOf<typeof endpoints.consoleUserLedger>['items'][number];
type GrantKind = (typeof GRANT_KINDS)[number];
interface GrantForm {
  kind: GrantKind;
  amount: number;
  reason: string;
}
interface BanForm {
  days?: number | null;
  reason: string;
}
interface PasswordForm {
  password: string;
  reason: string;
}

function OrdersTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleUserOrders, { name: `user-orders-${userId}`, filters: { userId }, sortField: 'createTime' });
  return (
    <Table<Order>
      {...table.tableProps}
      columns={[
        { title: t('field.orderNo'), dataIndex: 'orderNo' },
        { title: t('field.package'), dataIndex: 'packageName' },
        { title: t('field.amount'), key: 'amount', render: (_, order) => formatFen(order.amountFen) },
        { title: t('field.state'), key: 'state', render: (_, order) => <Tag>{t(`orderState.${order.state}`)}</Tag> },
        { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, order) => formatTime(order.createTime) },
      ]}
    />
  );
}

function LedgerTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleUserLedger, { name: `user-ledger-${userId}`, filters: { userId }, sortField: 'createTime' });
  return (
    <>
      <div className="page-toolbar">
        <FilterSelect
          label={t('users.asset')}
          placeholder={t('users.asset')}
          onChange={(asset?: Ledger['asset']) => table.setFilters({ ...table.filters, userId, asset })}
          options={LEDGER_ASSETS.map((asset) => ({ value: asset, label: t(`users.${asset}`) }))}
        />
      </div>
      <Table<Ledger>
        {...table.tableProps}
        columns={[
          { title: t('users.asset'), key: 'asset', render: (_, row) => t(`users.${row.asset}`) },
          { title: t('users.amount'), key: 'amount', render: (_, row) => (row.amount > 0 ? `+${row.amount}` : row.amount) },
          { title: t('users.balanceAfter'), dataIndex: 'balanceAfter' },
          { title: t('field.reason'), dataIndex: 'reason' },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, row) => formatTime(row.createTime) },
        ]}
      />
    </>
  );
}

function SessionsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const sessions = useQuery(getUserSessionsQueryOptions(userId));
  return (
    <Table<UserSession>
      rowKey="id"
      loading={sessions.isLoading}
      dataSource={sessions.data ?? []}
      pagination={false}
      columns={[
        { title: t('users.client'), dataIndex: 'client' },
        { title: t('audit.ip'), dataIndex: 'ip' },
        { title: t('field.createTime'), key: 'createTime', render: (_, row) => formatTime(row.createTime) },
        { title: t('users.lastSeen'), key: 'lastSeen', render: (_, row) => formatTime(row.lastSeenTime) },
        {
          title: t('field.status'),
          key: 'active',
          render: (_, row) => (row.active ? <Tag color="green">{t('users.sessionActive')}</Tag> : <Tag>{t('users.sessionEnded')}</Tag>),
        },
      ]}
    />
  );
}

/** The reason every account action records (what the user reads). */
function ReasonItem() {
  const { t } = useTranslation();
  return (
    <Form.Item name="reason" label={t('field.reason')} rules={[{ required: true, whitespace: true, max: 200, message: t('validation.reasonRequired') }]}>
      <Input.TextArea rows={2} maxLength={200} />
    </Form.Item>
  );
}

/** One user: balances, real-name, orders, ledger and sessions; ban, unban, grants and password reset. */
function UserDetailView() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const detail = useQuery(getUserDetailQueryOptions(userId));
  const [dialog, setDialog] = useState<'ban' | 'grant' | 'password'>();
  const feedback = useActionFeedback();
  const ban = useBanUser(userId);
  const unban = useUnbanUser(userId);
  const grant = useGrantUser(userId);
  const reset = useResetUserPassword(userId);

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
      <FormModal<BanForm>
        open={dialog === 'ban'}
        title={t('users.ban')}
        danger
        onClose={() => setDialog(undefined)}
        onSubmit={(values) => feedback(ban.mutateAsync({ reason: values.reason.trim(), days: values.days ?? null }))}
      >
        <Form.Item name="days" label={t('field.banDays')} extra={t('report.banForever')}>
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
        <ReasonItem />
      </FormModal>
      <FormModal<GrantForm>
        open={dialog === 'grant'}
        title={t('users.grant')}
        initialValues={{ kind: 'gold' }}
        onClose={() => setDialog(undefined)}
        onSubmit={(values) => feedback(grant.mutateAsync({ ...values, reason: values.reason.trim() }))}
      >
        <Form.Item name="kind" label={t('users.grantKind')}>
          <Select options={GRANT_KINDS.map((kind) => ({ value: kind, label: t(`grantKind.${kind}`) }))} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('users.amount')}
          extra={t('users.amountHint')}
          rules={[
            { required: true, message: t('validation.amountRequired') },
            { validator: (_, value: number) => (value === 0 ? Promise.reject(new Error(t('validation.amountRequired'))) : Promise.resolve()) },
          ]}
        >
          <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <ReasonItem />
      </FormModal>
      <FormModal<PasswordForm>
        open={dialog === 'password'}
        title={t('users.resetPassword')}
        onClose={() => setDialog(undefined)}
        onSubmit={(values) => feedback(reset.mutateAsync({ ...values, reason: values.reason.trim() }))}
      >
        <Form.Item name="password" label={t('users.newPassword')} rules={[{ required: true, validator: (_, value: string) => (isPassword(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('validation.password')))) }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <ReasonItem />
      </FormModal>
    </>
  );
}

export const UserDetailPage = withFeedback(UserDetailView);
