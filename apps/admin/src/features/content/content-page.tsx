import { Button, Card, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ArticleCategory, articleStatuses, type ResultOf } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { ReasonButton } from '../../shared/ui/reason-modal';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { withFeedback } from '../../shared/ui/with-feedback';
import { FilterSelect, SearchFilter, StatusFilter } from '../../shared/ui/filter-select';
import { useDeleteComment } from './api/comments';
import { usePinWork, useRestoreWork, useTakeDownWork } from './api/works';
import { ProvenanceTab } from './provenance-tab';

type Work = ResultOf<typeof endpoints.consoleContentPage>['items'][number];
type Comment = ResultOf<typeof endpoints.consoleCommentPage>['items'][number];

const categoryName = Object.fromEntries(Object.entries(ArticleCategory).map(([name, id]) => [id, name]));
const statusColor = { draft: 'default', published: 'green', taken_down: 'red', pending: 'orange', rejected: 'volcano' } as const;

/** Plaza works of every kind: search, take down with a reason, restore, pin. */
function WorksTab() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleContentPage, { name: 'content', sortField: 'createTime' });
  const feedback = useActionFeedback();
  const takeDown = useTakeDownWork();
  const restore = useRestoreWork();
  const pin = usePinWork();
  return (
    <>
      <div className="page-toolbar">
        <SearchFilter width={280} placeholder={t('content.search')} data-testid="content-search" onSearch={table.filterBy('keyword')} />
        <FilterSelect
          label={t('content.category')}
          width={140}
          placeholder={t('content.allCategories')}
          onChange={table.filterBy('categoryId')}
          options={Object.entries(ArticleCategory).map(([name, id]) => ({ value: id, label: t(`category.${name}`) }))}
        />
        <StatusFilter
          width={140}
          onChange={table.filterBy('status')}
          options={articleStatuses.map((status) => ({ value: status, label: t(`articleStatus.${status}`) }))}
        />
      </div>
      <Table<Work>
        {...table.tableProps}
        columns={[
          {
            title: t('content.title'),
            key: 'title',
            render: (_, work) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>
                  {work.pinned && <Tag color="gold">{t('content.pinned')}</Tag>}
                  {work.title}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
                  {work.summary}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('content.category'), key: 'category', render: (_, work) => t(`category.${categoryName[work.categoryId] ?? 'Article'}`) },
          { title: t('field.author'), key: 'author', render: (_, work) => <UserCell user={work.author} /> },
          {
            title: t('field.status'),
            key: 'status',
            render: (_, work) => (
              <Tag color={statusColor[work.status]} title={work.takedownReason ?? undefined}>
                {t(`articleStatus.${work.status}`)}
              </Tag>
            ),
          },
          { title: t('content.likes'), key: 'likeCount', sorter: true, dataIndex: 'likeCount' },
          { title: t('content.reports'), dataIndex: 'reportCount' },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, work) => formatTime(work.createTime) },
          {
            title: t('field.actions'),
            key: 'actions',
            render: (_, work) => (
              <Space size={0}>
                {work.status === 'published' && (
                  <ReasonButton
                    type="link"
                    danger
                    label={t('content.takeDown')}
                    onSubmit={(reason) => feedback(takeDown.mutateAsync({ id: work.id, reason }), { silentError: true })}
                  />
                )}
                {work.status === 'taken_down' && (
                  <Popconfirm title={t('content.restoreConfirm')} onConfirm={() => feedback(restore.mutateAsync(work.id)).catch(() => undefined)}>
                    <Button type="link">{t('content.restore')}</Button>
                  </Popconfirm>
                )}
                {work.status === 'published' && (
                  <Button type="link" onClick={() => void feedback(pin.mutateAsync({ id: work.id, pinned: !work.pinned })).catch(() => undefined)}>
                    {work.pinned ? t('content.unpin') : t('content.pin')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/** Comments: search and delete with a reason the writer reads. */
function CommentsTab() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleCommentPage, { name: 'comments', sortField: 'createTime' });
  const feedback = useActionFeedback();
  const remove = useDeleteComment();
  return (
    <>
      <div className="page-toolbar">
        <SearchFilter width={280} placeholder={t('filter.keyword')} onSearch={table.filterBy('keyword')} />
      </div>
      <Table<Comment>
        {...table.tableProps}
        columns={[
          { title: t('field.content'), dataIndex: 'content', ellipsis: true },
          { title: t('content.article'), dataIndex: 'articleTitle', ellipsis: true },
          { title: t('field.user'), key: 'user', render: (_, comment) => <UserCell user={comment.user} /> },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, comment) => formatTime(comment.createTime) },
          {
            title: t('field.actions'),
            key: 'actions',
            render: (_, comment) =>
              comment.deleted ? (
                <Tag>{t('content.deleted')}</Tag>
              ) : (
                <ReasonButton
                  type="link"
                  danger
                  label={t('action.delete')}
                  onSubmit={(reason) => feedback(remove.mutateAsync({ id: comment.id, reason }), { silentError: true })}
                />
              ),
          },
        ]}
      />
    </>
  );
}

function ContentView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const asked = useParams().tab;
  const tab = asked === 'comments' || asked === 'provenance' ? asked : 'works';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(`/content/${key}`)}
        items={[
          { key: 'works', label: t('content.works'), children: <WorksTab /> },
          { key: 'comments', label: t('content.comments'), children: <CommentsTab /> },
          { key: 'provenance', label: t('provenance.tab'), children: <ProvenanceTab /> },
        ]}
      />
    </Card>
  );
}

export const ContentPage = withFeedback(ContentView);
