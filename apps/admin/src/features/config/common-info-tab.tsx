import type { BodyOf, ResultOf } from '@app/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { CrudTable } from '../../shared/ui/crud-table';
import type { EditField } from '../../shared/ui/edit-modal';
import { useServerTable } from '../../shared/ui/use-server-table';
import { FilterSelect, SearchFilter } from '../../shared/ui/filter-select';
import { useAddCommonInfo, useDeleteCommonInfo, useUpdateCommonInfo } from './api/common-info';

type Info = ResultOf<typeof endpoints.consoleCommonInfoPage>['items'][number];
type InfoInput = BodyOf<typeof endpoints.consoleCommonInfoAdd>;
const CATEGORIES = [1, 2, 3, 4] as const;

/** Banners, notices, help FAQ and wallpapers. */
export function CommonInfoTab() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleCommonInfoPage, { name: 'common-info', sortField: 'sort', sortOrder: 'asc' });
  const add = useAddCommonInfo();
  const update = useUpdateCommonInfo();
  const remove = useDeleteCommonInfo();
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
    <CrudTable<Info, InfoInput>
      filters={
        <>
          <FilterSelect
            label={t('content.category')}
            placeholder={t('content.allCategories')}
            onChange={table.filterBy('categoryId')}
            options={categoryOptions}
          />
          <SearchFilter width={240} placeholder={t('filter.keyword')} onSearch={table.filterBy('keyword')} />
        </>
      }
      tableProps={table.tableProps}
      fields={fields}
      toBody={(values) => ({ ...(values as InfoInput), cover: (values.cover as string | undefined) || null, link: (values.link as string | undefined) || null })}
      add={add}
      update={update}
      remove={remove}
      columns={[
        { title: t('content.category'), key: 'categoryId', render: (_, row) => t(`infoCategory.${row.categoryId}`) },
        { title: t('content.title'), dataIndex: 'title' },
        { title: t('field.content'), dataIndex: 'content', ellipsis: true },
        { title: t('commerce.order'), key: 'sort', dataIndex: 'sort', sorter: true },
        { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, row) => formatTime(row.createTime) },
      ]}
    />
  );
}
