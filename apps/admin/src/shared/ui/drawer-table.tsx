import { Drawer, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';

/**
 * A table whose rows open a drawer with the row's details and actions; `children` draws the drawer's content
 * and gets `close` for an action that is done. The drawer shows the row as the latest page has it (an action
 * refreshes every console table), or as it was clicked once it has left the page.
 */
export function DrawerTable<Row extends { id: number }>({
  tableProps,
  columns,
  title,
  width,
  children,
}: {
  tableProps: TableProps<Row>;
  columns: ColumnsType<Row>;
  title: string;
  width: number;
  children: (row: Row, close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState<Row>();
  const close = () => setOpen(undefined);
  const current = open && ((tableProps.dataSource ?? []).find((row) => row.id === open.id) ?? open);
  return (
    <>
      <Table<Row> {...tableProps} onRow={(row) => ({ onClick: () => setOpen(row) })} columns={columns} />
      <Drawer width={width} open={Boolean(current)} title={title} onClose={close} destroyOnHidden>
        {current && children(current, close)}
      </Drawer>
    </>
  );
}
