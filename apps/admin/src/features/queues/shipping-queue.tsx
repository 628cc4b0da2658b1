import { Descriptions, Form, Image, Input, Tag } from 'antd';
import type { ResultOf } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { ActionForm } from '../../shared/ui/action-form';
import { DrawerTable } from '../../shared/ui/drawer-table';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { StatusFilter } from '../../shared/ui/filter-select';
import { useShipExchange } from './api/shipping';

type Shipping = ResultOf<typeof endpoints.consoleShippingPage>['items'][number];
interface ShipForm {
  courier: string;
  trackingNo: string;
}

/** Mall goods to ship: courier and tracking number, which the user then sees in the exchange record. */
export function ShippingQueue() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleShippingPage, {
    name: 'shipping',
    filters: { status: 'shipping' },
    sortField: 'createTime',
    sortOrder: 'asc',
  });
  const feedback = useActionFeedback();
  const ship = useShipExchange();
  return (
    <>
      <div className="page-toolbar">
        <StatusFilter
          value={table.filters.status}
          onChange={table.filterBy('status')}
          options={(['shipping', 'shipped'] as const).map((status) => ({ value: status, label: t(`shipStatus.${status}`) }))}
        />
      </div>
      <DrawerTable<Shipping>
        tableProps={table.tableProps}
        title={t('queue.mallShipping')}
        width={520}
        columns={[
          { title: t('field.item'), dataIndex: 'itemName' },
          { title: t('field.user'), key: 'user', render: (_, item) => <UserCell user={item.user} /> },
          { title: t('field.points'), dataIndex: 'points' },
          {
            title: t('field.status'),
            key: 'status',
            render: (_, item) => <Tag color={item.status === 'shipping' ? 'orange' : 'green'}>{t(`shipStatus.${item.status}`)}</Tag>,
          },
          { title: t('field.tracking'), key: 'tracking', render: (_, item) => (item.trackingNo ? `${item.courier} ${item.trackingNo}` : '—') },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, item) => formatTime(item.createTime) },
        ]}
      >
        {(open, close) => (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('field.item')}>
                {open.image && <Image width={64} src={open.image} alt={open.itemName} style={{ marginRight: 8 }} />}
                {open.itemName}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.user')}>
                <UserCell user={open.user} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.points')}>{open.points}</Descriptions.Item>
              <Descriptions.Item label={t('field.createTime')}>{formatTime(open.createTime)}</Descriptions.Item>
              {open.shipTime && (
                <>
                  <Descriptions.Item label={t('field.tracking')}>{`${open.courier} ${open.trackingNo}`}</Descriptions.Item>
                  <Descriptions.Item label={t('field.shipTime')}>{formatTime(open.shipTime)}</Descriptions.Item>
                </>
              )}
            </Descriptions>
            {open.status === 'shipping' && (
              <ActionForm<ShipForm>
                submitLabel={t('action.ship')}
                busy={ship.isPending}
                marginTop={24}
                onSubmit={(values) => feedback(ship.mutateAsync({ id: open.id, courier: values.courier.trim(), trackingNo: values.trackingNo.trim() }))}
                onDone={close}
              >
                <Form.Item
                  name="courier"
                  label={t('field.courier')}
                  rules={[
                    { required: true, whitespace: true, message: t('validation.courierRequired') },
                    { max: 32, message: t('validation.max', { count: 32 }) },
                  ]}
                >
                  <Input data-testid="courier-input" />
                </Form.Item>
                <Form.Item
                  name="trackingNo"
                  label={t('field.trackingNo')}
                  rules={[{ required: true, pattern: /^[A-Za-z0-9-]{4,40}$/, message: t('validation.trackingNo') }]}
                >
                  <Input data-testid="tracking-input" />
                </Form.Item>
              </ActionForm>
            )}
          </>
        )}
      </DrawerTable>
    </>
  );
}
