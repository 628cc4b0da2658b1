import { App, Button, Drawer, Table, Tag } from 'antd';
import { CouponType, type ResultOf } from '@app/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, errorMessage } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { EditModal, type EditField } from '../../shared/ui/edit-modal';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { FilterSelect, SearchFilter } from '../../shared/ui/filter-select';
import { getAllCouponCodes, useAddCouponBatch, type CouponBatchInput, type CouponCode as Code } from './api/coupons';

type Batch = ResultOf<typeof endpoints.consoleCouponBatchPage>['items'][number];

const typeName = Object.fromEntries(Object.entries(CouponType).map(([name, value]) => [value, name]));

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The batch's codes as a CSV file (code, user, redeemed, state, order), downloaded by the browser. */
export const codesCsv = (codes: Code[], header: string[]) =>
  [header, ...codes.map((c) => [c.code, c.user?.id ?? null, c.user?.nickName ?? null, c.redeemTime, c.couponState, c.orderId])]
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n');

function BatchCodes({ batch }: { batch: Batch }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const table = useServerTable(endpoints.consoleCouponCodePage, { name: `coupon-codes-${batch.id}`, filters: { batchId: batch.id } });
  const [exporting, setExporting] = useState(false);
  const exportCodes = async () => {
    setExporting(true);
    try {
      const csv = codesCsv(await getAllCouponCodes(batch.id), [
        t('coupon.code'),
        t('coupon.userId'),
        t('field.user'),
        t('coupon.redeemTime'),
        t('field.state'),
        t('coupon.orderId'),
      ]);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
      link.download = `coupon-batch-${batch.id}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
      void message.success(t('coupon.exported'));
    } catch (caught) {
      void message.error(errorMessage(caught));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <div className="page-toolbar">
        <Button loading={exporting} onClick={() => void exportCodes()}>
          {t('coupon.export')}
        </Button>
        <FilterSelect
          label={t('coupon.redeemed')}
          placeholder={t('filter.allStatuses')}
          onChange={(redeemed?: boolean) => table.setFilters({ batchId: batch.id, redeemed })}
          options={[
            { value: true, label: t('coupon.redeemed') },
            { value: false, label: t('coupon.unredeemed') },
          ]}
        />
      </div>
      <Table<Code>
        {...table.tableProps}
        rowKey="code"
        columns={[
          { title: t('coupon.code'), dataIndex: 'code' },
          { title: t('field.user'), key: 'user', render: (_, code) => <UserCell user={code.user} /> },
          { title: t('coupon.redeemTime'), key: 'redeemTime', sorter: true, render: (_, code) => formatTime(code.redeemTime) },
          { title: t('field.state'), key: 'state', render: (_, code) => <Tag>{t(`couponState.${code.couponState}`)}</Tag> },
          { title: t('coupon.orderId'), dataIndex: 'orderId' },
        ]}
      />
    </>
  );
}

/** Coupon batches: create a batch with its codes, see each code's use. */
export function CouponsTab() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleCouponBatchPage, { name: 'coupon-batches', sortField: 'createTime' });
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Batch>();
  const feedback = useActionFeedback();
  const add = useAddCouponBatch();
  const fields = useMemo<EditField[]>(
    () => [
      { name: 'name', label: t('commerce.name'), kind: 'text', required: true, maxLength: 50 },
      { name: 'description', label: t('commerce.description'), kind: 'textarea', maxLength: 200 },
      {
        name: 'type',
        label: t('field.type'),
        kind: 'select',
        required: true,
        options: Object.entries(CouponType).map(([name, value]) => ({ value, label: t(`couponType.${name}`) })),
      },
      { name: 'value', label: t('coupon.value'), kind: 'number', required: true, min: 0, extra: t('coupon.valueHint') },
      { name: 'threshold', label: t('coupon.threshold'), kind: 'number', min: 0 },
      { name: 'packageId', label: t('coupon.packageId'), kind: 'number', min: 1 },
      { name: 'validFrom', label: t('coupon.validFrom'), kind: 'text', required: true, extra: 'YYYY-MM-DD' },
      { name: 'validUntil', label: t('coupon.validUntil'), kind: 'text', required: true, extra: 'YYYY-MM-DD' },
      { name: 'codeCount', label: t('coupon.codeCount'), kind: 'number', required: true, min: 1, max: 10000 },
    ],
    [t],
  );
  return (
    <>
      <div className="page-toolbar">
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('coupon.create')}
        </Button>
        <SearchFilter width={240} placeholder={t('filter.keyword')} onSearch={(keyword) => table.setFilters({ keyword })} />
      </div>
      <Table<Batch>
        {...table.tableProps}
        onRow={(batch) => ({ onClick: () => setOpen(batch) })}
        columns={[
          { title: t('commerce.name'), dataIndex: 'name' },
          { title: t('field.type'), key: 'type', render: (_, batch) => t(`couponType.${typeName[batch.type] ?? 'Cash'}`) },
          { title: t('coupon.value'), dataIndex: 'value' },
          { title: t('coupon.usage'), key: 'usage', render: (_, batch) => `${batch.usedCount} / ${batch.redeemedCount} / ${batch.codeCount}` },
          { title: t('coupon.validUntil'), key: 'validUntil', render: (_, batch) => formatTime(batch.validUntil) },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, batch) => formatTime(batch.createTime) },
        ]}
      />
      <Drawer width={720} open={Boolean(open)} title={open?.name} onClose={() => setOpen(undefined)} destroyOnHidden>
        {open && <BatchCodes batch={open} />}
      </Drawer>
      <EditModal
        open={creating}
        title={t('coupon.create')}
        fields={fields}
        onClose={() => setCreating(false)}
        onSubmit={(values) =>
          feedback(add.mutateAsync({ ...(values as CouponBatchInput), packageId: (values.packageId as number | undefined) ?? null }), {
            silentError: true,
          })
        }
      />
    </>
  );
}
