import { Card, Descriptions, Typography } from 'antd';
import type { ResultOf } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { auditActionName, auditTargetLabel, formatTime } from '../../shared/lib/format';
import { DateRangeFilter } from '../../shared/ui/date-range-filter';
import { DrawerTable } from '../../shared/ui/drawer-table';
import { SearchFilter } from '../../shared/ui/filter-select';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';

type Entry = ResultOf<typeof endpoints.consoleAuditPage>['items'][number];

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

/** The audit log: every operator action with the values before and after; read only. */
export function AuditPage() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleAuditPage, { name: 'audit', sortField: 'createTime' });
  return (
    <Card>
      <div className="page-toolbar">
        <SearchFilter width={220} placeholder={t('audit.action')} onSearch={table.filterBy('action')} />
        <SearchFilter width={180} placeholder={t('audit.targetType')} onSearch={table.filterBy('targetType')} />
        <SearchFilter width={160} placeholder={t('audit.targetId')} onSearch={table.filterBy('targetId')} />
        <DateRangeFilter onChange={(range) => table.setFilters({ ...table.filters, ...range })} />
      </div>
      <DrawerTable<Entry>
        tableProps={table.tableProps}
        title={t('menu.audit')}
        width={640}
        columns={[
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, entry) => formatTime(entry.createTime) },
          { title: t('audit.operator'), key: 'operator', render: (_, entry) => <UserCell user={entry.operator} /> },
          { title: t('audit.action'), key: 'action', render: (_, entry) => <span title={entry.action}>{auditActionName(entry.action)}</span> },
          {
            title: t('audit.target'),
            key: 'target',
            render: (_, entry) => (
              <span title={`${entry.targetType} ${entry.targetId ?? ''}`} data-testid="audit-target">
                {auditTargetLabel(entry)}
              </span>
            ),
          },
          { title: t('field.reason'), dataIndex: 'reason', ellipsis: true },
          { title: t('audit.ip'), dataIndex: 'ip' },
        ]}
      >
        {(open) => (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('field.createTime')}>{formatTime(open.createTime)}</Descriptions.Item>
            <Descriptions.Item label={t('audit.operator')}>
              <UserCell user={open.operator} />
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.action')}>
              {auditActionName(open.action)} <Typography.Text code>{open.action}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.target')}>
              {auditTargetLabel(open)} <Typography.Text code>{`${open.targetType} ${open.targetId ?? ''}`}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.reason')}>{open.reason ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('audit.before')}>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(open.before)}</pre>
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.after')}>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(open.after)}</pre>
            </Descriptions.Item>
          </Descriptions>
        )}
      </DrawerTable>
    </Card>
  );
}
