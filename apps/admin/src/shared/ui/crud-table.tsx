import { Button, Table, Tag, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleAction } from './console-action';
import { EditModal, type EditField } from './edit-modal';
import { RowActions } from './row-actions';
import { useActionFeedback } from './use-action-feedback';

/** The on/off status of a configurable row (status 1 = on). */
export function StatusTag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return <Tag color={on ? 'green' : 'default'}>{t(on ? 'status.on' : 'status.off')}</Tag>;
}

/**
 * A table the operator edits: the toolbar's filters then an add button, each row with edit (and delete after a
 * confirmation when `remove` is given), and one dialog that adds or edits a row with `fields`. `add`, `update`
 * and `remove` are the resource's mutations (its feature's api/ hooks). Add and update failures are not toasted
 * because the dialog shows the server's message; `toBody` turns the dialog's values into the body both send (by
 * default the values as they are).
 */
export function CrudTable<Row extends { id: number }, Body>({
  filters,
  tableProps,
  columns,
  fields,
  toBody = (values) => values as Body,
  add,
  update,
  remove,
}: {
  filters?: ReactNode;
  tableProps: TableProps<Row>;
  columns: ColumnsType<Row>;
  fields: EditField[];
  toBody?: (values: Record<string, unknown>) => Body;
  add: ConsoleAction<Body>;
  update: ConsoleAction<Body & { id: number }>;
  remove?: ConsoleAction<number>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Row | 'new'>();
  const feedback = useActionFeedback();
  const edited = editing === 'new' ? undefined : editing;
  return (
    <>
      <div className="page-toolbar">
        {filters}
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('action.add')}
        </Button>
      </div>
      <Table<Row>
        {...tableProps}
        columns={[
          ...columns,
          {
            title: t('field.actions'),
            key: 'actions',
            render: (_, row) => (
              <RowActions onEdit={() => setEditing(row)} onDelete={remove && (() => feedback(remove.mutateAsync(row.id)))} />
            ),
          },
        ]}
      />
      <EditModal
        open={Boolean(editing)}
        title={editing === 'new' ? t('action.add') : t('action.edit')}
        fields={fields}
        initial={edited}
        onClose={() => setEditing(undefined)}
        onSubmit={(values) => {
          const body = toBody(values);
          return feedback(edited ? update.mutateAsync({ ...body, id: edited.id }) : add.mutateAsync(body), { silentError: true });
        }}
      />
    </>
  );
}
