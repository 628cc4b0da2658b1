import { Button, Descriptions, Image, Input, Popconfirm, Space, Tag } from 'antd';
import { PayMethod, type ResultOf } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatFen, formatTime } from '../../shared/lib/format';
import { ReasonButton } from '../../shared/ui/reason-modal';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { DrawerTable } from '../../shared/ui/drawer-table';
import { SearchFilter } from '../../shared/ui/filter-select';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { useConfirmOfflinePayment, useRejectOfflinePayment } from './api/offline-payments';

type Order = ResultOf<typeof endpoints.consoleOrderPage>['items'][number];

/** Offline transfers waiting for the operator: confirm (the order is paid and granted) or cancel with a reason. */
export function OfflinePaymentQueue() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleOrderPage, {
    name: 'offline-payments',
    filters: { state: 'pending', payMethod: PayMethod.Offline },
    sortField: 'createTime',
    sortOrder: 'asc',
  });
  return (
    <>
      <div className="page-toolbar">
        <SearchFilter width={280} placeholder={t('filter.orderNo')} onSearch={table.filterBy('orderNo')} />
      </div>
      <DrawerTable<Order>
        tableProps={table.tableProps}
        title={t('queue.offlinePayment')}
        width={520}
        columns={[
          { title: t('field.orderNo'), dataIndex: 'orderNo' },
          { title: t('field.user'), key: 'user', render: (_, item) => <UserCell user={item.user} /> },
          { title: t('field.package'), dataIndex: 'packageName' },
          { title: t('field.amount'), key: 'amountFen', sorter: true, render: (_, item) => formatFen(item.amountFen) },
          {
            title: t('field.transferProof'),
            key: 'transferProof',
            render: (_, item) =>
              item.transferProofUrl ? <Tag color="blue">{t('order.proofSent')}</Tag> : <Tag>{t('order.proofMissing')}</Tag>,
          },
          { title: t('field.state'), key: 'state', render: (_, item) => <Tag>{t(`orderState.${item.state}`)}</Tag> },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, item) => formatTime(item.createTime) },
        ]}
      >
        {(open, close) => (
          <>
            <OrderDetails order={open} />
            {open.state === 'pending' && <OrderDecision order={open} onDone={close} />}
          </>
        )}
      </DrawerTable>
    </>
  );
}

/** The order's facts and the user's transfer screenshot. */
function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label={t('field.orderNo')}>{order.orderNo}</Descriptions.Item>
      <Descriptions.Item label={t('field.user')}>
        <UserCell user={order.user} />
      </Descriptions.Item>
      <Descriptions.Item label={t('field.package')}>{order.packageName}</Descriptions.Item>
      <Descriptions.Item label={t('field.amount')}>{formatFen(order.amountFen)}</Descriptions.Item>
      <Descriptions.Item label={t('field.grants')}>
        {t('order.grants', { gold: order.gold, days: order.vipDays })}
      </Descriptions.Item>
      <Descriptions.Item label={t('field.transferProof')}>
        {order.transferProofUrl ? (
          <Space direction="vertical" size={4}>
            <Image width={200} src={order.transferProofUrl} alt={t('field.transferProof')} data-testid="transfer-proof" />
            <span>{formatTime(order.transferProofTime)}</span>
          </Space>
        ) : (
          t('order.proofMissing')
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('field.remark')}>{order.remark ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('field.createTime')}>{formatTime(order.createTime)}</Descriptions.Item>
      <Descriptions.Item label={t('field.expireTime')}>{formatTime(order.expireTime)}</Descriptions.Item>
    </Descriptions>
  );
}

/** Confirm (the order is paid and granted) or cancel with a reason; a remark goes with either. */
function OrderDecision({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const feedback = useActionFeedback();
  const confirm = useConfirmOfflinePayment();
  const reject = useRejectOfflinePayment();
  return (
    <>
      <Input.TextArea
        style={{ marginTop: 16 }}
        rows={2}
        maxLength={200}
        placeholder={t('order.remarkPlaceholder')}
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
      />
      <Space style={{ marginTop: 16 }}>
        <Popconfirm
          title={t('order.confirmPaid', { amount: formatFen(order.amountFen) })}
          okText={t('action.confirm')}
          cancelText={t('action.cancel')}
          onConfirm={() =>
            feedback(confirm.mutateAsync({ id: order.id, remark: remark.trim() || undefined }))
              .then(onDone)
              .catch(() => undefined)
          }
        >
          <Button type="primary" loading={confirm.isPending}>
            {t('action.confirmPayment')}
          </Button>
        </Popconfirm>
        <ReasonButton
          danger
          label={t('action.cancelOrder')}
          onSubmit={(reason) => feedback(reject.mutateAsync({ id: order.id, reason }), { silentError: true }).then(onDone)}
        />
      </Space>
    </>
  );
}
