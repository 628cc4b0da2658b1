import { Button, Descriptions, Image, Space, Tag } from 'antd';
import { RealNameStatus, type ResultOf } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { DrawerTable } from '../../shared/ui/drawer-table';
import { ReviewButtons } from '../../shared/ui/review-buttons';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { SearchFilter, StatusFilter } from '../../shared/ui/filter-select';
import { useApproveRealName, useRejectRealName, useRevealRealName } from './api/real-name';

type Item = ResultOf<typeof endpoints.consoleRealNamePage>['items'][number];

const statusColor: Record<number, string> = { 0: 'default', 1: 'orange', 2: 'green', 4: 'red' };

export function RealNameStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={statusColor[status]}>{t(`realNameStatus.${status}`)}</Tag>;
}

/** Real-name submissions: ID number masked until revealed (each reveal audited), photos by signed links. */
export function RealNameQueue() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleRealNamePage, {
    name: 'real-name',
    filters: { status: RealNameStatus.Pending },
    sortField: 'submitTime',
    sortOrder: 'asc',
  });
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const review = { approve: useApproveRealName(), reject: useRejectRealName() };
  const feedback = useActionFeedback();
  const reveal = useRevealRealName();
  return (
    <>
      <div className="page-toolbar">
        <StatusFilter
          value={table.filters.status}
          onChange={table.filterBy('status')}
          options={[1, 2, 4].map((status) => ({ value: status, label: t(`realNameStatus.${status}`) }))}
        />
        <SearchFilter width={280} placeholder={t('filter.realNameKeyword')} onSearch={table.filterBy('keyword')} />
      </div>
      <DrawerTable<Item>
        tableProps={table.tableProps}
        title={t('queue.realName')}
        width={560}
        columns={[
          { title: t('field.user'), key: 'user', render: (_, item) => <UserCell user={item.user} /> },
          { title: t('field.realName'), dataIndex: 'realName' },
          { title: t('field.idCardNum'), dataIndex: 'idCardNum' },
          { title: t('field.status'), key: 'status', render: (_, item) => <RealNameStatusTag status={item.status} /> },
          {
            title: t('field.submitTime'),
            key: 'submitTime',
            sorter: true,
            defaultSortOrder: 'ascend',
            render: (_, item) => formatTime(item.submitTime),
          },
          {
            title: t('field.actions'),
            key: 'actions',
            // The click reaches the row, which opens the drawer.
            render: () => <Button type="link">{t('action.review')}</Button>,
          },
        ]}
      >
        {(current, close) => (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('field.user')}>
                <UserCell user={current.user} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.phone')}>{current.phone ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('field.realName')}>{current.realName}</Descriptions.Item>
              <Descriptions.Item label={t('field.idCardNum')}>
                <Space>
                  <span data-testid="id-card-num">{revealed[current.id] ?? current.idCardNum}</span>
                  {!revealed[current.id] && (
                    <Button
                      size="small"
                      loading={reveal.isPending}
                      onClick={() =>
                        void feedback(reveal.mutateAsync(current.id))
                          .then((r) => setRevealed((all) => ({ ...all, [r.id]: r.idCardNum })))
                          .catch(() => undefined)
                      }
                    >
                      {t('action.reveal')}
                    </Button>
                  )}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('field.status')}>
                <RealNameStatusTag status={current.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.submitTime')}>{formatTime(current.submitTime)}</Descriptions.Item>
              {current.rejectReason && (
                <Descriptions.Item label={t('field.reason')}>{current.rejectReason}</Descriptions.Item>
              )}
            </Descriptions>
            <Image.PreviewGroup>
              <Space style={{ marginTop: 16 }}>
                {current.idCardImageUrls.map((url, index) => (
                  <Image key={url} width={240} src={url} alt={t(index === 0 ? 'field.idFront' : 'field.idBack')} />
                ))}
              </Space>
            </Image.PreviewGroup>
            {current.status === RealNameStatus.Pending && (
              <ReviewButtons review={review} id={current.id} onDone={close} />
            )}
          </>
        )}
      </DrawerTable>
    </>
  );
}
