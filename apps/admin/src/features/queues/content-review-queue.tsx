import { Descriptions, Empty, Image, Space, Tag, Typography } from 'antd';
import type { PictureReview, ResultOf } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../shared/lib/api';
import { formatTime } from '../../shared/lib/format';
import { DrawerTable } from '../../shared/ui/drawer-table';
import { ReviewButtons } from '../../shared/ui/review-buttons';
import { useServerTable } from '../../shared/ui/use-server-table';
import { UserCell } from '../../shared/ui/user-cell';
import { useApproveContent, useRejectContent } from './api/content-review';

type Item = ResultOf<typeof endpoints.consoleContentPage>['items'][number];

const verdictColor = { pass: 'green', review: 'orange', block: 'red' } as const;
const percent = (p: number) => `${Math.round(p * 100)}%`;

/** One picture as moderation saw it: the picture, its verdict and risk, class scores, the text read in it. */
function PictureScores({ picture }: { picture: PictureReview }) {
  const { t } = useTranslation();
  return (
    <Space align="start" data-testid="review-picture">
      <Image width={120} src={picture.url} alt="" />
      <Space direction="vertical" size={4}>
        <Space>
          <Tag color={verdictColor[picture.verdict]}>{t(`contentReview.verdict_${picture.verdict}`)}</Tag>
          <span>
            {t('contentReview.risk')} {percent(picture.risk)} · {picture.engine}
          </span>
        </Space>
        {picture.scores && (
          <Typography.Text type="secondary">
            {Object.entries(picture.scores)
              .map(([name, p]) => `${name} ${percent(p)}`)
              .join(' · ')}
          </Typography.Text>
        )}
        <span data-testid="review-ocr">
          {t('contentReview.ocr')}: {picture.ocrText || '—'}
        </span>
        {picture.words.length > 0 && (
          <Typography.Text type="danger">
            {t('contentReview.words')}: {picture.words.join('、')}
          </Typography.Text>
        )}
      </Space>
    </Space>
  );
}

/** Works waiting for review before the plaza shows them (先审后发), oldest first, with their pictures' scores. */
export function ContentReviewQueue() {
  const { t } = useTranslation();
  const table = useServerTable(endpoints.consoleContentPage, {
    name: 'content-review',
    filters: { status: 'pending' },
    sortField: 'createTime',
    sortOrder: 'asc',
  });
  const review = { approve: useApproveContent(), reject: useRejectContent() };
  return (
    <DrawerTable<Item>
      tableProps={table.tableProps}
      title={t('queue.contentReview')}
      width={640}
      columns={[
        { title: t('content.work'), key: 'title', render: (_, item) => item.title || item.summary },
        { title: t('field.author'), key: 'author', render: (_, item) => <UserCell user={item.author} /> },
        {
          title: t('contentReview.reason'),
          key: 'reason',
          render: (_, item) => (item.review ? t(`contentReview.${item.review.reason}`) : '—'),
        },
        {
          title: t('field.createTime'),
          key: 'createTime',
          sorter: true,
          defaultSortOrder: 'ascend',
          render: (_, item) => formatTime(item.createTime),
        },
      ]}
    >
      {(current, close) => (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('field.author')}>
              <UserCell user={current.author} />
            </Descriptions.Item>
            <Descriptions.Item label={t('content.work')}>{current.title || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('content.summary')}>{current.summary || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('contentReview.reason')}>
              {current.review ? t(`contentReview.${current.review.reason}`) : '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('contentReview.pictures')}
          </Typography.Title>
          {current.review?.pictures.length ? (
            <Space direction="vertical">
              {current.review.pictures.map((picture) => (
                <PictureScores key={picture.url} picture={picture} />
              ))}
            </Space>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contentReview.none')} />
          )}
          {current.status === 'pending' && <ReviewButtons review={review} id={current.id} onDone={close} />}
        </>
      )}
    </DrawerTable>
  );
}
