import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { LEDGER_ASSETS, type ResultOf } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatFen, formatTime } from '../../shared/lib/format';
import { FilterSelect } from '../../shared/ui/filter-select';
import { useServerTable } from '../../shared/ui/use-server-table';
import { getUserSessionsQueryOptions, type UserSession } from './api/user-sessions';

type Order = ResultOf<typeof endpoints.consoleUserOrders>['items'][number];
type Ledger = ResultOf<typeof endpoints.consoleUserLedger>['items'][number];

/** A user's orders, newest first by default. */
export function OrdersTab({ userId }: { userId: number }) {
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

/** A user's ledger (gold, points …), filtered by asset. */
export function LedgerTab({ userId }: { userId: number }) {
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

/** A user's sign-in sessions, active or ended. */
export function SessionsTab({ userId }: { userId: number }) {
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
