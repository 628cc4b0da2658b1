import type { BodyOf, ResultOf } from '@app/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { CrudTable, StatusTag } from '../../shared/ui/crud-table';
import type { EditField } from '../../shared/ui/edit-modal';
import { SearchFilter } from '../../shared/ui/filter-select';
import { useServerTable } from '../../shared/ui/use-server-table';
import { useAddPromptTemplate, useUpdatePromptTemplate } from './api/prompt-templates';

type Template = ResultOf<typeof endpoints.consolePromptTemplatePage>['items'][number];
type TemplateInput = BodyOf<typeof endpoints.consolePromptTemplateAdd>;

/** Prompt templates of the copywriting robot: the prompt, its fields and an example. */
export function PromptTemplatesTab() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consolePromptTemplatePage, { name: 'prompt-templates', sortField: 'sort', sortOrder: 'asc' });
  const add = useAddPromptTemplate();
  const update = useUpdatePromptTemplate();
  const fields = useMemo<EditField[]>(
    () => [
      { name: 'categoryId', label: t('template.category'), kind: 'number', required: true, min: 1 },
      { name: 'title', label: t('content.title'), kind: 'text', required: true, maxLength: 50 },
      { name: 'description', label: t('commerce.description'), kind: 'textarea', maxLength: 200 },
      { name: 'icon', label: t('commerce.image'), kind: 'text', extra: t('commerce.imageHint') },
      { name: 'prompt', label: t('template.prompt'), kind: 'textarea', required: true, maxLength: 4000, extra: t('template.promptHint') },
      { name: 'fields', label: t('template.fields'), kind: 'json' },
      { name: 'example', label: t('template.example'), kind: 'textarea', maxLength: 4000 },
      { name: 'sort', label: t('commerce.order'), kind: 'number', min: 0 },
      { name: 'status', label: t('field.status'), kind: 'status' },
    ],
    [t],
  );
  return (
    <CrudTable<Template, TemplateInput>
      filters={<SearchFilter width={240} placeholder={t('filter.keyword')} onSearch={table.filterBy('keyword')} />}
      tableProps={table.tableProps}
      fields={fields}
      toBody={(values) => ({ ...(values as TemplateInput), icon: (values.icon as string | undefined) || null, fields: (values.fields as TemplateInput['fields']) ?? [] })}
      add={add}
      update={update}
      columns={[
        { title: 'ID', key: 'id', dataIndex: 'id', sorter: true },
        { title: t('content.title'), dataIndex: 'title' },
        { title: t('template.prompt'), dataIndex: 'prompt', ellipsis: true },
        { title: t('template.useCount'), key: 'useCount', dataIndex: 'useCount', sorter: true },
        { title: t('commerce.order'), key: 'sort', dataIndex: 'sort', sorter: true },
        { title: t('field.status'), key: 'status', render: (_, row) => <StatusTag on={Boolean(row.status)} /> },
      ]}
    />
  );
}
