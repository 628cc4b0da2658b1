import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleAction } from './console-action';
import { ReasonButton } from './reason-modal';
import { useActionFeedback } from './use-action-feedback';

/** The approve and reject mutations of a review queue (its feature's api/ hooks). */
export interface Review {
  approve: ConsoleAction<number>;
  reject: ConsoleAction<{ id: number; reason: string }>;
}

/**
 * Approve and reject buttons of the pending submission `id`, the reject asking for the reason the user reads
 * (a failed reject is not toasted: its reason dialog says why); `onDone` runs once either has succeeded.
 */
export function ReviewButtons({ review, id, onDone }: { review: Review; id: number; onDone: () => void }) {
  const { t } = useTranslation();
  const feedback = useActionFeedback();
  return (
    <Space style={{ marginTop: 24 }}>
      <Button
        type="primary"
        loading={review.approve.isPending}
        onClick={() => void feedback(review.approve.mutateAsync(id)).then(onDone).catch(() => undefined)}
      >
        {t('action.approve')}
      </Button>
      <ReasonButton
        danger
        label={t('action.reject')}
        onSubmit={(reason) => feedback(review.reject.mutateAsync({ id, reason }), { silentError: true }).then(onDone)}
      />
    </Space>
  );
}
