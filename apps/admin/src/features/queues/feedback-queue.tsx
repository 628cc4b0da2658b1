import { Descriptions, Form, Image, Input, Space, Tag } from 'antd';
import { feedbackStatuses, feedbackTypes, type ResultOf } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { useActionFeedback } from '../../shared/ui/use-action-feedback';
import { ActionForm } from '../../shared/ui/action-form';
import { DrawerTable } from '../../shared/ui/drawer-table';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { FilterSelect, SearchFilter, StatusFilter } from '../../shared/ui/filter-select';
import { useReplyFeedback } from './api/feedback';

type Feedback = ResultOf<typeof endpoints.consoleFeedbackPage>['items'][number];

/** Feedback: read it, reply (the reply reaches the user's message centre). */
export function FeedbackQueue() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleFeedbackPage, {
    name: 'feedback',
    filters: { status: 'pending' },
    sortField: 'createTime',
    sortOrder: 'asc',
  });
  // (Named so as not to be confused with the user feedback this queue lists.)
  const actionFeedback = useActionFeedback();
  const reply = useReplyFeedback();
  return (
    <>
      <div className="page-toolbar">
        <StatusFilter
          value={table.filters.status}
          onChange={table.filterBy('status')}
          options={feedbackStatuses.map((status) => ({ value: status, label: t(`feedbackStatus.${status}`) }))}
        />
        <FilterSelect
          label={t('field.type')}
          placeholder={t('filter.allTypes')}
          value={table.filters.type}
          onChange={table.filterBy('type')}
          options={feedbackTypes.map((type) => ({ value: type, label: t(`feedbackType.${type}`) }))}
        />
        <SearchFilter width={240} placeholder={t('filter.keyword')} onSearch={table.filterBy('keyword')} />
      </div>
      <DrawerTable<Feedback>
        tableProps={table.tableProps}
        title={t('queue.feedback')}
        width={560}
        columns={[
          { title: t('field.type'), key: 'type', render: (_, item) => t(`feedbackType.${item.type}`) },
          { title: t('field.content'), dataIndex: 'content', ellipsis: true },
          { title: t('field.user'), key: 'user', render: (_, item) => <UserCell user={item.user} /> },
          {
            title: t('field.status'),
            key: 'status',
            render: (_, item) => <Tag color={item.status === 'pending' ? 'orange' : 'green'}>{t(`feedbackStatus.${item.status}`)}</Tag>,
          },
          { title: t('field.createTime'), key: 'createTime', sorter: true, render: (_, item) => formatTime(item.createTime) },
        ]}
      >
        {(open, close) => (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('field.user')}>
                <UserCell user={open.user} />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.type')}>{t(`feedbackType.${open.type}`)}</Descriptions.Item>
              <Descriptions.Item label={t('field.content')}>{open.content}</Descriptions.Item>
              <Descriptions.Item label={t('field.contact')}>{open.contact ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('field.createTime')}>{formatTime(open.createTime)}</Descriptions.Item>
              {open.reply && <Descriptions.Item label={t('field.reply')}>{open.reply}</Descriptions.Item>}
            </Descriptions>
            <Space wrap style={{ marginTop: 16 }}>
              {open.images.map((url) => (
                <Image key={url} width={120} src={url} alt={t('field.screenshot')} />
              ))}
            </Space>
            {open.status === 'pending' && (
              <ActionForm<{ reply: string }>
                submitLabel={t('action.reply')}
                busy={reply.isPending}
                marginTop={16}
                onSubmit={(values) => actionFeedback(reply.mutateAsync({ id: open.id, reply: values.reply.trim() }))}
                onDone={close}
              >
                <Form.Item
                  name="reply"
                  label={t('field.reply')}
                  rules={[
                    { required: true, whitespace: true, message: t('validation.replyRequired') },
                    { max: 1000, message: t('validation.max', { count: 1000 }) },
                  ]}
                >
                  <Input.TextArea rows={4} maxLength={1000} showCount />
                </Form.Item>
              </ActionForm>
            )}
          </>
        )}
      </DrawerTable>
    </>
  );
}
