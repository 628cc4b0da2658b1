import { goldBuys, PACKAGE_OS, type Prices, type ResultOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatFen } from '../../shared/lib/format';
import { CrudTable, StatusTag } from '../../shared/ui/crud-table';
import type { EditField } from '../../shared/ui/edit-modal';
import { useServerTable } from '../../shared/ui/use-server-table';
import { getPricesQueryOptions, useAddPackage, useUpdatePackage, type PackageInput } from './api/packages';

type Package = ResultOf<typeof endpoints.consolePackagePage>['items'][number];

/** What a package's gold buys at the configured prices, and the gold it gives per yuan. */
const useBuysText = (prices: Prices | undefined) => {
  const { t } = useTranslation();
  return (row: Package) => {
    if (!prices || row.gold <= 0) return '—';
    const buys = goldBuys(row.gold, prices);
    const perYuan = row.priceFen > 0 ? Math.floor((row.gold * 100) / row.priceFen) : null;
    return t('commerce.buys', { videos: buys.videoMinutes ?? 0, drawings: buys.drawings ?? 0, chars: buys.dubChars ?? 0 }) +
      (perYuan !== null ? ` · ${t('commerce.goldPerYuan', { gold: perYuan })}` : '');
  };
};

/** Membership and gold packages: price, days, what they buy, status and order. */
export function PackagesTab() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consolePackagePage, { name: 'packages', sortField: 'orderNo', sortOrder: 'asc' });
  const add = useAddPackage();
  const update = useUpdatePackage();
  const buysText = useBuysText(useQuery(getPricesQueryOptions()).data);
  const fields = useMemo<EditField[]>(
    () => [
      { name: 'name', label: t('commerce.name'), kind: 'text', required: true, maxLength: 50 },
      { name: 'packageType', label: t('field.type'), kind: 'text', required: true, maxLength: 32 },
      { name: 'description', label: t('commerce.description'), kind: 'textarea', maxLength: 500 },
      { name: 'priceFen', label: t('commerce.priceFen'), kind: 'number', required: true, min: 0 },
      { name: 'originalPriceFen', label: t('commerce.originalPriceFen'), kind: 'number', min: 0 },
      { name: 'gold', label: t('users.gold'), kind: 'number', min: 0 },
      { name: 'vipDays', label: t('commerce.vipDays'), kind: 'number', min: 0, max: 36500 },
      { name: 'vipLevel', label: t('commerce.vipLevel'), kind: 'number', min: 0, max: 10 },
      { name: 'tags', label: t('commerce.tags'), kind: 'tags' },
      { name: 'orderNo', label: t('commerce.order'), kind: 'number', min: 0 },
      { name: 'os', label: t('commerce.os'), kind: 'select', options: PACKAGE_OS.map((os) => ({ value: os, label: t(`os.${os}`) })) },
      { name: 'status', label: t('field.status'), kind: 'status' },
    ],
    [t],
  );
  return (
    <CrudTable<Package, PackageInput>
      tableProps={table.tableProps}
      fields={fields}
      add={add}
      update={update}
      columns={[
        { title: 'ID', key: 'id', dataIndex: 'id', sorter: true },
        { title: t('commerce.name'), dataIndex: 'name' },
        { title: t('field.type'), dataIndex: 'packageType' },
        { title: t('commerce.priceFen'), key: 'priceFen', sorter: true, render: (_, row) => formatFen(row.priceFen) },
        { title: t('field.grants'), key: 'grants', render: (_, row) => t('order.grants', { gold: row.gold, days: row.vipDays }) },
        { title: t('commerce.buysTitle'), key: 'buys', render: (_, row) => <span data-testid="package-buys">{buysText(row)}</span> },
        { title: t('commerce.sold'), dataIndex: 'soldCount' },
        { title: t('commerce.order'), key: 'orderNo', dataIndex: 'orderNo', sorter: true },
        { title: t('field.status'), key: 'status', render: (_, row) => <StatusTag on={Boolean(row.status)} /> },
      ]}
    />
  );
}
