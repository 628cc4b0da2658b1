import { Button, Input, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { SENSITIVE_CATEGORIES, type ResultOf } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { useServerTable } from '../../shared/ui/use-server-table';
import { FilterSelect, SearchFilter } from '../../shared/ui/filter-select';
import { useImportSensitiveWords, useRemoveSensitiveWords } from './api/sensitive-words';

type Word = ResultOf<typeof endpoints.consoleSensitiveWordPage>['items'][number];
type Category = (typeof SENSITIVE_CATEGORIES)[number];

/** Sensitive words: add, remove (one or many), import a list (one word per line). */
export function SensitiveWordsTab() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleSensitiveWordPage, { name: 'sensitive-words', sortField: 'updateTime' });
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  const [text, setText] = useState('');
  const [category, setCategory] = useState<Category | null>(null);
  const [result, setResult] = useState<string>();
  const feedback = useActionFeedback();
  const imported = useImportSensitiveWords();
  const remove = useRemoveSensitiveWords();
  const categoryOptions = SENSITIVE_CATEGORIES.map((value) => ({ value, label: t(`sensitiveCategory.${value}`) }));
  return (
    <>
      <div className="page-toolbar">
        <SearchFilter width={240} placeholder={t('filter.keyword')} onSearch={table.filterBy('keyword')} />
        <FilterSelect
          label={t('sensitive.category')}
          placeholder={t('sensitive.category')}
          onChange={table.filterBy('category')}
          options={categoryOptions}
        />
        <Button type="primary" onClick={() => setImporting(true)}>
          {t('sensitive.import')}
        </Button>
        <Popconfirm
          title={t('confirm.delete')}
          disabled={!selected.length}
          onConfirm={() => feedback(remove.mutateAsync(selected)).then(() => setSelected([])).catch(() => undefined)}
        >
          <Button danger disabled={!selected.length}>
            {t('sensitive.removeSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      </div>
      <Table<Word>
        {...table.tableProps}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        columns={[
          { title: t('sensitive.word'), key: 'word', dataIndex: 'word', sorter: true },
          { title: t('sensitive.category'), key: 'category', render: (_, word) => (word.category ? t(`sensitiveCategory.${word.category}`) : '—') },
          { title: t('field.updateTime'), key: 'updateTime', sorter: true, render: (_, word) => formatTime(word.updateTime) },
        ]}
      />
      <Modal
        open={importing}
        title={t('sensitive.import')}
        okText={t('action.confirm')}
        cancelText={t('action.cancel')}
        confirmLoading={imported.isPending}
        okButtonProps={{ disabled: !text.trim() }}
        onCancel={() => {
          setImporting(false);
          setResult(undefined);
        }}
        onOk={() =>
          void feedback(imported.mutateAsync({ text, category }))
            .then((r) => {
              setResult(t('sensitive.importResult', { added: r.added, skipped: r.skipped, invalid: r.invalid.length }));
              setText('');
            })
            .catch(() => undefined)
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Select allowClear placeholder={t('sensitive.category')} style={{ width: 200 }} value={category} onChange={(value?: Category) => setCategory(value ?? null)} options={categoryOptions} />
          <Input.TextArea rows={10} value={text} placeholder={t('sensitive.importHint')} onChange={(event) => setText(event.target.value)} />
          {result && <Typography.Text type="success">{result}</Typography.Text>}
        </Space>
      </Modal>
    </>
  );
}
