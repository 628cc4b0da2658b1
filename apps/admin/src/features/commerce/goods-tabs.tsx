import { useQuery } from '@tanstack/react-query';
import { Alert, Image } from 'antd';
import { mallItemKinds, prizeKinds, type ResultOf } from '@app/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, errorMessage } from '../../shared/lib/api';
import { CrudTable, StatusTag } from '../../shared/ui/crud-table';
import type { EditField } from '../../shared/ui/edit-modal';
import { useServerTable } from '../../shared/ui/use-server-table';
import { useAddMallItem, useDeleteMallItem, useUpdateMallItem, type MallItemInput } from './api/mall-items';
import { getPrizesQueryOptions, useAddPrize, useDeletePrize, useUpdatePrize, type Prize, type PrizeInput } from './api/prizes';

type MallItem = ResultOf<typeof endpoints.consoleMallItemPage>['items'][number];

/** Lucky-wheel prizes: weights (the odds), stock and images. */
export function PrizesTab() {
  const { t } = useTranslation();
  const prizes = useQuery(getPrizesQueryOptions());
  const add = useAddPrize();
  const update = useUpdatePrize();
  const remove = useDeletePrize();
  const totalWeight = prizes.data?.filter((p) => p.status === 1).reduce((sum, p) => sum + p.weight, 0) ?? 0;
  const fields = useMemo<EditField[]>(
    () => [
      { name: 'slot', label: t('prize.slot'), kind: 'number', required: true, min: 0 },
      { name: 'name', label: t('commerce.name'), kind: 'text', required: true },
      { name: 'image', label: t('commerce.image'), kind: 'text', required: true, extra: t('commerce.imageHint') },
      { name: 'kind', label: t('field.type'), kind: 'select', required: true, options: prizeKinds.map((k) => ({ value: k, label: t(`prizeKind.${k}`) })) },
      { name: 'amount', label: t('users.amount'), kind: 'number', min: 0 },
      { name: 'weight', label: t('prize.weight'), kind: 'number', required: true, min: 0 },
      { name: 'stock', label: t('commerce.stock'), kind: 'number', min: 0, extra: t('prize.stockHint') },
      { name: 'status', label: t('field.status'), kind: 'status' },
    ],
    [t],
  );
  if (prizes.error) return <Alert type="error" showIcon message={errorMessage(prizes.error)} />;
  return (
    <CrudTable<Prize, PrizeInput>
      tableProps={{ rowKey: 'id', loading: prizes.isLoading, dataSource: prizes.data ?? [], pagination: false }}
      fields={fields}
      toBody={(values) => ({ ...(values as PrizeInput), stock: (values.stock as number | undefined) ?? null })}
      add={add}
      update={update}
      remove={remove}
      columns={[
        { title: t('prize.slot'), dataIndex: 'slot' },
        { title: t('commerce.image'), key: 'image', render: (_, p) => <Image width={40} src={p.image} alt={p.name} /> },
        { title: t('commerce.name'), dataIndex: 'name' },
        { title: t('field.type'), key: 'kind', render: (_, p) => t(`prizeKind.${p.kind}`) },
        { title: t('users.amount'), dataIndex: 'amount' },
        {
          title: t('prize.weight'),
          key: 'weight',
          render: (_, p) => `${p.weight} (${totalWeight && p.status ? ((p.weight / totalWeight) * 100).toFixed(1) : '0'}%)`,
        },
        { title: t('commerce.stock'), key: 'stock', render: (_, p) => p.stock ?? '∞' },
        { title: t('prize.awarded'), dataIndex: 'awarded' },
        { title: t('field.status'), key: 'status', render: (_, p) => <StatusTag on={p.status === 1} /> },
      ]}
    />
  );
}

/** Points-mall items: points, stock and images. */
export function MallItemsTab() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleMallItemPage, { name: 'mall-items', sortField: 'sort', sortOrder: 'asc' });
  const add = useAddMallItem();
  const update = useUpdateMallItem();
  const remove = useDeleteMallItem();
  const fields = useMemo<EditField[]>(
    () => [
      { name: 'name', label: t('commerce.name'), kind: 'text', required: true },
      { name: 'description', label: t('commerce.description'), kind: 'textarea' },
      { name: 'image', label: t('commerce.image'), kind: 'text', required: true, extra: t('commerce.imageHint') },
      { name: 'kind', label: t('field.type'), kind: 'select', required: true, options: mallItemKinds.map((k) => ({ value: k, label: t(`mallKind.${k}`) })) },
      { name: 'amount', label: t('users.amount'), kind: 'number', min: 0 },
      { name: 'points', label: t('field.points'), kind: 'number', required: true, min: 1 },
      { name: 'stock', label: t('commerce.stock'), kind: 'number', required: true, min: 0 },
      { name: 'limitPerUser', label: t('mall.limitPerUser'), kind: 'number', min: 0 },
      { name: 'sort', label: t('commerce.order'), kind: 'number', min: 0 },
      { name: 'status', label: t('field.status'), kind: 'status' },
    ],
    [t],
  );
  return (
    <CrudTable<MallItem, MallItemInput>
      tableProps={table.tableProps}
      fields={fields}
      add={add}
      update={update}
      remove={remove}
      columns={[
        { title: 'ID', key: 'id', dataIndex: 'id', sorter: true },
        { title: t('commerce.image'), key: 'image', render: (_, item) => <Image width={40} src={item.image} alt={item.name} /> },
        { title: t('commerce.name'), dataIndex: 'name' },
        { title: t('field.type'), key: 'kind', render: (_, item) => t(`mallKind.${item.kind}`) },
        { title: t('field.points'), key: 'points', dataIndex: 'points', sorter: true },
        { title: t('commerce.stock'), key: 'stock', dataIndex: 'stock', sorter: true },
        { title: t('mall.exchanged'), dataIndex: 'exchanged' },
        { title: t('commerce.order'), key: 'sort', dataIndex: 'sort', sorter: true },
        { title: t('field.status'), key: 'status', render: (_, item) => <StatusTag on={item.status === 1} /> },
      ]}
    />
  );
}
