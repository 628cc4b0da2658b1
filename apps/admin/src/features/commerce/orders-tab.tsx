import { Descriptions, Tag } from 'antd';
import { ORDER_STATES, PayMethod, type ResultOf } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatFen, formatTime } from '../../shared/lib/format';
import { DateRangeFilter } from '../../shared/ui/date-range-filter';
import { DrawerTable } from '../../shared/ui/drawer-table';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { FilterSelect, SearchFilter } from '../../shared/ui/filter-select';
import { RefundButton } from './refund-button';

type Order = ResultOf<typeof endpoints.consoleOrderPage>['items'][number];

/** Orders: search by number, user, state, method and time; detail; refund a paid order (after its preview). */
export function OrdersTab() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleOrderPage, { name: 'orders', sortField: 'createTime' });
  return (
    <>
      <div className="page-toolbar">
        <SearchFilter width={240} placeholder={t('filter.orderNo')} onSearch={table.filterBy('orderNo')} />
        <FilterSelect
          label={t('field.state')}
          width={140}
          placeholder={t('filter.allStatuses')}
          onChange={table.filterBy('state')}
          options={ORDER_STATES.map((state) => ({ value: state, label: t(`orderState.${state}`) }))}
        />
        <FilterSelect
          label={t('field.payMethod')}
          width={180}
          placeholder={t('field.payMethod')}
          onChange={table.filterBy('payMethod')}
          options={Object.entries(PayMethod).map(([name, value]) => ({ value, label: t(`payMethod.${name}`) }))}
        />
        <DateRangeFilter onChange={(range) => table.setFilters({ ...table.filters, ...range })} />
      </div>
      <DrawerTable<Order>
        tableProps={table.tableProps}
        title={t('commerce.orders')}
        width={520}
        columns={[
          { title: t('field.orderNo'), dataIndex: 'orderNo' },
          { title: t('field.user'), key: 'user', render: (_, order) => <UserCell user={order.user} /> },
          { title: t('field.package'), dataIndex: 'packageName' },
          { title: t('field.amount'), key: 'amountFen', sorter: true, render: (_, order) => formatFen(order.amountFen) },
          {
            title: t('field.payMethod'),
            key: 'payMethod',
            render: (_, order) => t(`payMethod.${Object.entries(PayMethod).find(([, v]) => v === order.payMethod)?.[0] ?? 'Local'}`),
          },
          { title: t('field.state'), key: 'state', render: (_, order) => <Tag>{t(`orderState.${order.state}`)}</Tag> },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, order) => formatTime(order.createTime) },
          { title: t('field.payTime'), key: 'payTime', sorter: true, render: (_, order) => formatTime(order.payTime) },
        ]}
      >
        {(open, close) => (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('field.orderNo')}>{open.orderNo}</Descriptions.Item>
              <Descriptions.Item label={t('field.user')}>
                <UserCell user={open.user} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.package')}>{open.packageName}</Descriptions.Item>
              <Descriptions.Item label={t('field.amount')}>
                {`${formatFen(open.amountFen)} (${formatFen(open.originalFen)} - ${formatFen(open.discountFen)})`}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.grants')}>{t('order.grants', { gold: open.gold, days: open.vipDays })}</Descriptions.Item>
              <Descriptions.Item label={t('field.state')}>{t(`orderState.${open.state}`)}</Descriptions.Item>
              <Descriptions.Item label={t('field.createTime')}>{formatTime(open.createTime)}</Descriptions.Item>
              <Descriptions.Item label={t('field.payTime')}>{formatTime(open.payTime)}</Descriptions.Item>
              <Descriptions.Item label={t('field.refundTime')}>{formatTime(open.refundTime)}</Descriptions.Item>
              <Descriptions.Item label={t('field.remark')}>{open.remark ?? '—'}</Descriptions.Item>
            </Descriptions>
            {open.state === 'paid' && <RefundButton orderId={open.id} onDone={close} />}
          </>
        )}
      </DrawerTable>
    </>
  );
}
