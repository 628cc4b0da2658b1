import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, Col, Row, Statistic, Tabs } from 'antd';
import { CONSOLE_QUEUES } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../shared/lib/api';
import { formatWait } from '../../shared/lib/format';
import { AmbassadorApplicationQueue, AmbassadorSubmissionQueue } from './ambassador-queue';
import { ContentReviewQueue } from './content-review-queue';
import { FeedbackQueue } from './feedback-queue';
import { OfflinePaymentQueue } from './offline-payment-queue';
import { RealNameQueue } from './real-name-queue';
import { ReportQueue } from './report-queue';
import { ShippingQueue } from './shipping-queue';
import { getQueueSummaryQueryOptions } from './api/queue-summary';
import { withFeedback } from '../../shared/ui/with-feedback';

type Queue = (typeof CONSOLE_QUEUES)[number];

const panels: Record<Queue, () => React.JSX.Element> = {
  realName: RealNameQueue,
  ambassadorApplication: AmbassadorApplicationQueue,
  ambassadorSubmission: AmbassadorSubmissionQueue,
  report: ReportQueue,
  offlinePayment: OfflinePaymentQueue,
  mallShipping: ShippingQueue,
  feedback: FeedbackQueue,
  contentReview: ContentReviewQueue,
};

const isQueue = (value: string | undefined): value is Queue => CONSOLE_QUEUES.includes(value as Queue);

/** Every review queue: how many wait and for how long, then the chosen queue's table. */
function QueuesView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const active: Queue = isQueue(params.queue) ? params.queue : 'realName';
  const summary = useQuery(getQueueSummaryQueryOptions());
  const byQueue = new Map(summary.data?.map((row) => [row.queue, row]));
  const current = byQueue.get(active);
  const Panel = panels[active];
  return (
    <>
      {summary.error && <Alert type="error" showIcon message={errorMessage(summary.error)} style={{ marginBottom: 16 }} />}
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Card size="small">
            <Statistic
              title={t('queues.waiting')}
              value={current?.waiting ?? 0}
              loading={summary.isLoading}
              valueStyle={{ color: current?.waiting ? '#d46b08' : undefined }}
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic
              title={t('queues.oldestWait')}
              value={current?.waiting ? formatWait(current.oldestWaitSeconds) : t('queues.none')}
              loading={summary.isLoading}
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic
              title={t('queues.allWaiting')}
              value={summary.data?.reduce((sum, row) => sum + row.waiting, 0) ?? 0}
              loading={summary.isLoading}
            />
          </Card>
        </Col>
      </Row>
      <Card>
        <Tabs
          activeKey={active}
          onChange={(key) => void navigate(`/queues/${key}`)}
          items={CONSOLE_QUEUES.map((queue) => ({
            key: queue,
            label: (
              <span data-testid={`queue-tab-${queue}`}>
                {t(`queue.${queue}`)} <Badge count={byQueue.get(queue)?.waiting ?? 0} size="small" overflowCount={999} />
              </span>
            ),
          }))}
        />
        <Panel key={active} />
      </Card>
    </>
  );
}

export const QueuesPage = withFeedback(QueuesView);
