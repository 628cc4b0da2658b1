import { Button, Descriptions, Form, InputNumber, Modal, Radio, Tag } from 'antd';
import { REPORT_ACTIONS, reportStatuses, reportTargetTypes, type ResultOf } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { ReasonField } from '../../shared/ui/reason-modal';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { DrawerTable } from '../../shared/ui/drawer-table';
import { useSubmitState } from '../../shared/ui/use-submit-state';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { FilterSelect, StatusFilter } from '../../shared/ui/filter-select';
import { useResolveReport } from './api/reports';

type Report = ResultOf<typeof endpoints.consoleReportPage>['items'][number];
type Action = (typeof REPORT_ACTIONS)[number];
interface ResolveForm {
  action: Action;
  reason: string;
  banDays?: number | null;
}

const statusColor = { pending: 'orange', resolved: 'green', rejected: 'default' } as const;

/** Reports: take the content down, dismiss, warn or ban the author, always with a reason. */
export function ReportQueue() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleReportPage, {
    name: 'reports',
    filters: { status: 'pending' },
    sortField: 'createTime',
    sortOrder: 'asc',
  });
  const [resolving, setResolving] = useState(false);
  const { busy, failure, submit } = useSubmitState();
  const [form] = Form.useForm<ResolveForm>();
  const action = Form.useWatch('action', form);
  const feedback = useActionFeedback();
  const resolve = useResolveReport();

  const handleResolve = async (open: Report, close: () => void) => {
    const values = await form.validateFields();
    const banDays = values.action === 'ban' ? (values.banDays ?? null) : undefined;
    if (await submit(() => feedback(resolve.mutateAsync({ ...values, id: open.id, banDays }), { silentError: true }))) {
      setResolving(false);
      close();
      form.resetFields();
    }
  };

  return (
    <>
      <div className="page-toolbar">
        <StatusFilter
          value={table.filters.status}
          onChange={table.filterBy('status')}
          options={reportStatuses.map((status) => ({ value: status, label: t(`reportStatus.${status}`) }))}
        />
        <FilterSelect
          label={t('field.targetType')}
          placeholder={t('filter.allTargets')}
          value={table.filters.targetType}
          onChange={table.filterBy('targetType')}
          options={reportTargetTypes.map((type) => ({ value: type, label: t(`targetType.${type}`) }))}
        />
      </div>
      <DrawerTable<Report>
        tableProps={table.tableProps}
        title={t('queue.report')}
        width={560}
        columns={[
          { title: t('field.targetType'), key: 'targetType', render: (_, item) => t(`targetType.${item.targetType}`) },
          { title: t('field.target'), key: 'targetText', render: (_, item) => item.targetText ?? t('report.targetGone') },
          { title: t('field.author'), key: 'targetUser', render: (_, item) => <UserCell user={item.targetUser} /> },
          { title: t('field.reportReason'), dataIndex: 'reason' },
          {
            title: t('field.status'),
            key: 'status',
            render: (_, item) => <Tag color={statusColor[item.status]}>{t(`reportStatus.${item.status}`)}</Tag>,
          },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, item) => formatTime(item.createTime) },
        ]}
      >
        {(open, close) => (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('field.targetType')}>{t(`targetType.${open.targetType}`)}</Descriptions.Item>
              <Descriptions.Item label={t('field.target')}>
                {open.targetText ?? t('report.targetGone')}
                {open.targetStatus && <Tag style={{ marginLeft: 8 }}>{t(`articleStatus.${open.targetStatus}`)}</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.author')}>
                <UserCell user={open.targetUser} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.reporter')}>
                <UserCell user={open.reporter} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.reportReason')}>{open.reason}</Descriptions.Item>
              <Descriptions.Item label={t('field.detail')}>{open.detail ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('field.createTime')}>{formatTime(open.createTime)}</Descriptions.Item>
              {open.resolution && <Descriptions.Item label={t('field.resolution')}>{open.resolution}</Descriptions.Item>}
            </Descriptions>
            {open.status === 'pending' && (
              <Button type="primary" style={{ marginTop: 24 }} onClick={() => setResolving(true)}>
                {t('action.resolve')}
              </Button>
            )}
            <Modal
              open={resolving}
              title={t('action.resolve')}
              okText={t('action.confirm')}
              cancelText={t('action.cancel')}
              okButtonProps={{ danger: action === 'take_down' || action === 'ban' }}
              confirmLoading={busy}
              onOk={() => void handleResolve(open, close).catch(() => undefined)}
              onCancel={() => setResolving(false)}
            >
              <Form<ResolveForm> form={form} layout="vertical" initialValues={{ action: 'take_down' }}>
                <Form.Item name="action" label={t('field.resolution')}>
                  <Radio.Group
                    options={REPORT_ACTIONS.map((value) => ({ value, label: t(`reportAction.${value}`) }))}
                    optionType="button"
                  />
                </Form.Item>
                {action === 'ban' && (
                  <Form.Item name="banDays" label={t('field.banDays')} extra={t('report.banForever')}>
                    <InputNumber min={1} max={3650} />
                  </Form.Item>
                )}
                <ReasonField failure={failure} />
              </Form>
            </Modal>
          </>
        )}
      </DrawerTable>
    </>
  );
}
