import { Button, Input, Table } from 'antd';
import type { BodyOf, ResultOf } from '@app/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { EditModal, type EditField } from '../../shared/ui/edit-modal';
import { useConsoleAction } from '../../shared/ui/use-console-action';
import { useServerTable } from '../../shared/ui/use-server-table';
import { RowActions } from '../../shared/ui/row-actions';
import { FilterSelect } from '../../shared/ui/filter-select';

type Info = ResultOf<typeof endpoints.consoleCommonInfoPage>['items'][number];
type InfoInput = BodyOf<typeof endpoints.consoleCommonInfoAdd>;
const CATEGORIES = [1, 2, 3, 4] as const;

/** Banners, notices, help FAQ and wallpapers. */
export function CommonInfoTab() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleCommonInfoPage, { name: 'common-info', sortField: 'sort', sortOrder: 'asc' });
  const [editing, setEditing] = useState<Info | 'new'>();
  const add = useConsoleAction((body: InfoInput) => call(endpoints.consoleCommonInfoAdd, { body }), { silentError: true });
  const update = useConsoleAction((body: InfoInput & { id: number }) => call(endpoints.consoleCommonInfoUpdate, { body }), {
    silentError: true,
  });
  const remove = useConsoleAction((id: number) => call(endpoints.consoleCommonInfoDelete, { body: { id } }));
  const categoryOptions = useMemo(() => CATEGORIES.map((value) => ({ value, label: t(`infoCategory.${value}`) })), [t]);
  const fields = useMemo<EditField[]>(
    () => [
      { name: 'categoryId', label: t('content.category'), kind: 'select', required: true, options: categoryOptions },
      { name: 'title', label: t('content.title'), kind: 'text', required: true, maxLength: 100 },
      { name: 'content', label: t('field.content'), kind: 'textarea', maxLength: 20000 },
      { name: 'cover', label: t('commerce.image'), kind: 'text', extra: t('commerce.imageHint') },
      { name: 'link', label: t('field.link'), kind: 'text', maxLength: 500 },
      { name: 'sort', label: t('commerce.order'), kind: 'number', min: 0 },
    ],
    [t, categoryOptions],
  );
  return (
    <>
      <div className="page-toolbar">
        <FilterSelect
          label={t('content.category')}
          placeholder={t('content.allCategories')}
          onChange={(categoryId?: number) => table.setFilters({ ...table.filters, categoryId })}
          options={categoryOptions}
        />
        <Input.Search allowClear style={{ width: 240 }} placeholder={t('filter.keyword')} onSearch={(keyword) => table.setFilters({ ...table.filters, keyword })} />
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('action.add')}
        </Button>
      </div>
      <Table<Info>
        {...table.tableProps}
        columns={[
          { title: t('content.category'), key: 'categoryId', render: (_, row) => t(`infoCategory.${row.categoryId}`) },
          { title: t('content.title'), dataIndex: 'title' },
          { title: t('field.content'), dataIndex: 'content', ellipsis: true },
          { title: t('commerce.order'), key: 'sort', dataIndex: 'sort', sorter: true },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, row) => formatTime(row.createTime) },
          {
            title: t('field.actions'),
            key: 'actions',
            render: (_, row) => <RowActions onEdit={() => setEditing(row)} onDelete={() => remove.mutateAsync(row.id)} />,
          },
        ]}
      />
      <EditModal
        open={Boolean(editing)}
        title={editing === 'new' ? t('action.add') : t('action.edit')}
        fields={fields}
        initial={editing === 'new' ? undefined : editing}
        onClose={() => setEditing(undefined)}
        onSubmit={(values) => {
          const body = { ...(values as InfoInput), cover: (values.cover as string | undefined) || null, link: (values.link as string | undefined) || null };
          return editing === 'new' || !editing ? add.mutateAsync(body) : update.mutateAsync({ ...body, id: editing.id });
        }}
      />
    </>
  );
}
