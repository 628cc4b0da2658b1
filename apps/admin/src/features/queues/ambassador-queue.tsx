import { Button, Descriptions, Drawer, Image, Space, Table, Tag, Typography } from 'antd';
import { AMBASSADOR_STATES, type ResultOf } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { ReasonModal } from '../../shared/ui/reason-modal';
import { useConsoleAction } from '../../shared/ui/use-console-action';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { FilterSelect } from '../../shared/ui/filter-select';

type Application = ResultOf<typeof endpoints.consoleAmbassadorApplicationPage>['items'][number];
type Submission = ResultOf<typeof endpoints.consoleAmbassadorSubmissionPage>['items'][number];
type State = (typeof AMBASSADOR_STATES)[number];

const stateColor: Record<State, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

function StateTag({ state }: { state: State }) {
  const { t } = useTranslation();
  return <Tag color={stateColor[state]}>{t(`reviewState.${state}`)}</Tag>;
}

function StateFilter({ value, onChange }: { value?: State; onChange: (state?: State) => void }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      label={t('field.status')}
      placeholder={t('filter.allStatuses')}
      value={value}
      onChange={onChange}
      options={AMBASSADOR_STATES.map((state) => ({ value: state, label: t(`reviewState.${state}`) }))}
    />
  );
}

/** Approve and reject buttons of a pending row, the reject asking for the reason the user reads. */
function ReviewButtons({
  onApprove,
  onReject,
  busy,
}: {
  onApprove: () => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  return (
    <>
      <Space style={{ marginTop: 24 }}>
        <Button type="primary" loading={busy} onClick={() => void onApprove().catch(() => undefined)}>
          {t('action.approve')}
        </Button>
        <Button danger onClick={() => setRejecting(true)}>
          {t('action.reject')}
        </Button>
      </Space>
      <ReasonModal open={rejecting} title={t('action.reject')} onClose={() => setRejecting(false)} onSubmit={onReject} />
    </>
  );
}

export function AmbassadorApplicationQueue() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleAmbassadorApplicationPage, {
    name: 'ambassador-applications',
    filters: { state: 'pending' },
    sortField: 'createTime',
    sortOrder: 'asc',
  });
  const [open, setOpen] = useState<Application>();
  const approve = useConsoleAction((id: number) => call(endpoints.consoleAmbassadorApplicationApprove, { body: { id } }));
  const reject = useConsoleAction(
    (v: { id: number; reason: string }) => call(endpoints.consoleAmbassadorApplicationReject, { body: v }),
    { silentError: true },
  );
  return (
    <>
      <div className="page-toolbar">
        <StateFilter value={table.filters.state} onChange={(state) => table.setFilters({ ...table.filters, state })} />
      </div>
      <Table<Application>
        {...table.tableProps}
        onRow={(item) => ({ onClick: () => setOpen(item) })}
        columns={[
          { title: t('field.user'), key: 'user', render: (_, item) => <UserCell user={item.user} /> },
          { title: t('field.platform'), dataIndex: 'platform' },
          { title: t('field.accountName'), dataIndex: 'accountName' },
          { title: t('field.followers'), dataIndex: 'followers' },
          { title: t('field.status'), key: 'state', render: (_, item) => <StateTag state={item.state} /> },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, item) => formatTime(item.createTime) },
        ]}
      />
      <Drawer width={520} open={Boolean(open)} title={t('queue.ambassadorApplication')} onClose={() => setOpen(undefined)} destroyOnHidden>
        {open && (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('field.user')}>
                <UserCell user={open.user} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.platform')}>{open.platform}</Descriptions.Item>
              <Descriptions.Item label={t('field.accountName')}>{open.accountName}</Descriptions.Item>
              <Descriptions.Item label={t('field.followers')}>{open.followers}</Descriptions.Item>
              <Descriptions.Item label={t('field.contact')}>{open.contact}</Descriptions.Item>
              <Descriptions.Item label={t('field.applicationReason')}>{open.reason}</Descriptions.Item>
              <Descriptions.Item label={t('field.status')}>
                <StateTag state={open.state} />
              </Descriptions.Item>
              {open.reviewNote && <Descriptions.Item label={t('field.reason')}>{open.reviewNote}</Descriptions.Item>}
            </Descriptions>
            {open.state === 'pending' && (
              <ReviewButtons
                busy={approve.isPending}
                onApprove={() => approve.mutateAsync(open.id).then(() => setOpen(undefined))}
                onReject={(reason) => reject.mutateAsync({ id: open.id, reason }).then(() => setOpen(undefined))}
              />
            )}
          </>
        )}
      </Drawer>
    </>
  );
}

export function AmbassadorSubmissionQueue() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleAmbassadorSubmissionPage, {
    name: 'ambassador-submissions',
    filters: { state: 'pending' },
    sortField: 'createTime',
    sortOrder: 'asc',
  });
  const [open, setOpen] = useState<Submission>();
  const approve = useConsoleAction((id: number) => call(endpoints.consoleAmbassadorSubmissionApprove, { body: { id } }));
  const reject = useConsoleAction(
    (v: { id: number; reason: string }) => call(endpoints.consoleAmbassadorSubmissionReject, { body: v }),
    { silentError: true },
  );
  return (
    <>
      <div className="page-toolbar">
        <StateFilter value={table.filters.state} onChange={(state) => table.setFilters({ ...table.filters, state })} />
      </div>
      <Table<Submission>
        {...table.tableProps}
        onRow={(item) => ({ onClick: () => setOpen(item) })}
        columns={[
          { title: t('field.user'), key: 'user', render: (_, item) => <UserCell user={item.user} /> },
          { title: t('field.task'), dataIndex: 'taskTitle' },
          {
            title: t('field.reward'),
            key: 'reward',
            render: (_, item) => t('ambassador.reward', { gold: item.rewardGold, days: item.rewardVipDays }),
          },
          { title: t('field.status'), key: 'state', render: (_, item) => <StateTag state={item.state} /> },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, item) => formatTime(item.createTime) },
        ]}
      />
      <Drawer width={600} open={Boolean(open)} title={t('queue.ambassadorSubmission')} onClose={() => setOpen(undefined)} destroyOnHidden>
        {open && (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('field.user')}>
                <UserCell user={open.user} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.task')}>{open.taskTitle}</Descriptions.Item>
              <Descriptions.Item label={t('field.link')}>
                {open.link ? (
                  <Typography.Link href={open.link} target="_blank" rel="noreferrer">
                    {open.link}
                  </Typography.Link>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.note')}>{open.note ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('field.status')}>
                <StateTag state={open.state} />
              </Descriptions.Item>
            </Descriptions>
            <Image.PreviewGroup>
              <Space wrap style={{ marginTop: 16 }}>
                {open.screenshots.map((url) => (
                  <Image key={url} width={160} src={url} alt={t('field.screenshot')} />
                ))}
              </Space>
            </Image.PreviewGroup>
            {open.state === 'pending' && (
              <ReviewButtons
                busy={approve.isPending}
                onApprove={() => approve.mutateAsync(open.id).then(() => setOpen(undefined))}
                onReject={(reason) => reject.mutateAsync({ id: open.id, reason }).then(() => setOpen(undefined))}
              />
            )}
          </>
        )}
      </Drawer>
    </>
  );
}
