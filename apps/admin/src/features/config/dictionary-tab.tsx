import { Select, Typography } from 'antd';
import { DICT_NAMES, type ResultOf } from '@app/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { CrudTable, StatusTag } from '../../shared/ui/crud-table';
import type { EditField } from '../../shared/ui/edit-modal';
import { SearchFilter } from '../../shared/ui/filter-select';
import { useServerTable } from '../../shared/ui/use-server-table';
import { useAddDictItem, useDeleteDictItem, useUpdateDictItem, type DictItemInput } from './api/dictionary';

type DictItem = ResultOf<typeof endpoints.consoleDictPage>['items'][number];
type DictName = (typeof DICT_NAMES)[number];

/** The cloud engine a voice item needs configured on the server (none for the built-in espeak-ng voices). */
const cloudEngineOf = (dictName: string, data: unknown): string | null => {
  if (dictName !== 'tts_config_nam' || typeof data !== 'object' || data === null) return null;
  const engine = (data as { engine?: unknown }).engine;
  return typeof engine === 'string' && engine !== 'espeak-ng' ? engine : null;
};

/** Dictionary items of every dictionary; each change raises the dictionary's version so apps refetch. */
export function DictionaryTab() {
  const { t } = useTranslation();
  const [name, setName] = useState<DictName>(DICT_NAMES[0]);
  const table = useServerTable(endpoints.consoleDictPage, { name: 'dict', filters: { name }, sortField: 'sort', sortOrder: 'asc' });
  const add = useAddDictItem(name);
  const update = useUpdateDictItem();
  const remove = useDeleteDictItem();
  const fields = useMemo<EditField[]>(
    () => [
      { name: 'label', label: t('dict.label'), kind: 'text', required: true, maxLength: 200 },
      { name: 'value', label: t('dict.value'), kind: 'text', required: true, maxLength: 200 },
      { name: 'data', label: t('dict.data'), kind: 'json' },
      { name: 'sort', label: t('commerce.order'), kind: 'number' },
      { name: 'remark', label: t('field.remark'), kind: 'textarea', maxLength: 500 },
      { name: 'status', label: t('field.status'), kind: 'status' },
    ],
    [t],
  );
  return (
    <CrudTable<DictItem, DictItemInput>
      filters={
        <>
          <Select
            aria-label={t('dict.name')}
            style={{ width: 240 }}
            value={name}
            onChange={(next: DictName) => {
              setName(next);
              table.setFilters({ name: next });
            }}
            options={DICT_NAMES.map((value) => ({ value, label: value }))}
          />
          <SearchFilter width={240} placeholder={t('filter.keyword')} onSearch={(keyword) => table.setFilters({ name, keyword })} />
        </>
      }
      tableProps={table.tableProps}
      fields={fields}
      toBody={(values) => ({ ...(values as DictItemInput), remark: (values.remark as string | undefined) || null })}
      add={add}
      update={update}
      remove={remove}
      columns={[
        { title: t('dict.label'), dataIndex: 'label' },
        { title: t('dict.value'), key: 'value', render: (_, item) => <Typography.Text code>{item.value}</Typography.Text> },
        {
          title: t('dict.data'),
          key: 'data',
          render: (_, item) => {
            const engine = cloudEngineOf(name, item.data);
            return (
              <>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
                  {JSON.stringify(item.data)}
                </Typography.Text>
                {/* A cloud voice runs only once its provider is set up: the hint lives here, never in the app. */}
                {engine ? (
                  <div>
                    <Typography.Text type="warning" data-testid={`voice-setup-${item.value}`}>
                      {t('dict.voiceSetup', { engine })}
                    </Typography.Text>
                  </div>
                ) : null}
              </>
            );
          },
        },
        { title: t('commerce.order'), key: 'sort', dataIndex: 'sort', sorter: true },
        { title: t('field.status'), key: 'status', render: (_, item) => <StatusTag on={Boolean(item.status)} /> },
      ]}
    />
  );
}
