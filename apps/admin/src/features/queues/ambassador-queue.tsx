import { Descriptions, Image, Space, Tag, Typography, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AMBASSADOR_STATES, isHttpLink, type ResultOf } from '@app/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { DrawerTable } from '../../shared/ui/drawer-table';
import { ReviewButtons, type Review } from '../../shared/ui/review-buttons';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { StatusFilter } from '../../shared/ui/filter-select';
import {
  useApproveAmbassadorApplication,
  useApproveAmbassadorSubmission,
  useRejectAmbassadorApplication,
  useRejectAmbassadorSubmission,
} from './api/ambassador';

type Application = ResultOf<typeof endpoints.consoleAmbassadorApplicationPage>['items'][number];
type Submission = ResultOf<typeof endpoints.consoleAmbassadorSubmissionPage>['items'][number];
type State = (typeof AMBASSADOR_STATES)[number];

const stateColor: Record<State, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

function StateTag({ state }: { state: State }) {
  const { t } = useTranslation();
  return <Tag color={stateColor[state]}>{t(`reviewState.${state}`)}</Tag>;
}

/**
 * The link an ambassador gave: a clickable link only when it is http(s); anything else (`javascript:` saved
 * before the server checked it, or written to the database some other way) shows as plain text.
 */
function SubmissionLink({ link }: { link: string | null }) {
  if (!link) return <>—</>;
  if (!isHttpLink(link)) return <Typography.Text data-testid="submission-link-text">{link}</Typography.Text>;
  return (
    <Typography.Link href={link} target="_blank" rel="noreferrer noopener" data-testid="submission-link">
      {link}
    </Typography.Link>
  );
}

type Reviewed = { id: number; user: Application['user']; state: State; createTime: string };

/** The server table of a queue whose rows are pending, approved or rejected. */
interface StateTable<T> {
  tableProps: TableProps<T>;
  filters: { state?: State };
  setFilters: (filters: { state?: State }) => void;
}

/**
 * An ambassador review queue (applications, reward submissions): filtered by state, pending and oldest first;
 * a row opens its details with approve and reject (the reason reaches the user).
 */
function AmbassadorReviewQueue<T extends Reviewed>(props: {
  table: StateTable<T>;
  title: string;
  drawerWidth: number;
  review: Review;
  columns: ColumnsType<T>;
  details: (item: T) => ReactNode;
}) {
  const { table } = props;
  const { t } = useTranslation();
  return (
    <>
      <div className="page-toolbar">
        <StatusFilter
          value={table.filters.state}
          onChange={(state?: State) => table.setFilters({ ...table.filters, state })}
          options={AMBASSADOR_STATES.map((state) => ({ value: state, label: t(`reviewState.${state}`) }))}
        />
      </div>
      <DrawerTable<T>
        tableProps={table.tableProps}
        title={props.title}
        width={props.drawerWidth}
        columns={[
          { title: t('field.user'), key: 'user', render: (_, item) => <UserCell user={item.user} /> },
          ...props.columns,
          { title: t('field.status'), key: 'state', render: (_, item) => <StateTag state={item.state} /> },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, item) => formatTime(item.createTime) },
        ]}
      >
        {(open, close) => (
          <>
            {props.details(open)}
            {open.state === 'pending' && (
              <ReviewButtons review={props.review} id={open.id} onDone={close} />
            )}
          </>
        )}
      </DrawerTable>
    </>
  );
}

const pendingFirst = { filters: { state: 'pending' as const }, sortField: 'createTime' as const, sortOrder: 'asc' as const };

export function AmbassadorApplicationQueue() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleAmbassadorApplicationPage, { name: 'ambassador-applications', ...pendingFirst });
  const review = { approve: useApproveAmbassadorApplication(), reject: useRejectAmbassadorApplication() };
  return (
    <AmbassadorReviewQueue<Application>
      table={table}
      title={t('queue.ambassadorApplication')}
      drawerWidth={520}
      review={review}
      columns={[
        { title: t('field.platform'), dataIndex: 'platform' },
        { title: t('field.accountName'), dataIndex: 'accountName' },
        { title: t('field.followers'), dataIndex: 'followers' },
      ]}
      details={(open) => (
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
      )}
    />
  );
}

export function AmbassadorSubmissionQueue() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleAmbassadorSubmissionPage, { name: 'ambassador-submissions', ...pendingFirst });
  const review = { approve: useApproveAmbassadorSubmission(), reject: useRejectAmbassadorSubmission() };
  return (
    <AmbassadorReviewQueue<Submission>
      table={table}
      title={t('queue.ambassadorSubmission')}
      drawerWidth={600}
      review={review}
      columns={[
        { title: t('field.task'), dataIndex: 'taskTitle' },
        {
          title: t('field.reward'),
          key: 'reward',
          render: (_, item) => t('ambassador.reward', { gold: item.rewardGold, days: item.rewardVipDays }),
        },
      ]}
      details={(open) => (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('field.user')}>
              <UserCell user={open.user} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.task')}>{open.taskTitle}</Descriptions.Item>
            <Descriptions.Item label={t('field.link')}>
              <SubmissionLink link={open.link} />
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
        </>
      )}
    />
  );
}
