import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReasonButton } from './reason-modal';
import { useConsoleAction } from './use-console-action';

/** The approve and reject calls of a review queue; a failed reject is not toasted, its reason dialog says why. */
export const useReview = (calls: {
  approve: (id: number) => Promise<unknown>;
  reject: (body: { id: number; reason: string }) => Promise<unknown>;
}) => ({
  approve: useConsoleAction(calls.approve),
  reject: useConsoleAction(calls.reject, { silentError: true }),
});

export type Review = ReturnType<typeof useReview>;

/**
 * Approve and reject buttons of the pending submission `id`, the reject asking for the reason the user reads;
 * `onDone` runs once either has succeeded.
 */
export function ReviewButtons({ review, id, onDone }: { review: Review; id: number; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Space style={{ marginTop: 24 }}>
      <Button
        type="primary"
        loading={review.approve.isPending}
        onClick={() => void review.approve.mutateAsync(id).then(onDone).catch(() => undefined)}
      >
        {t('action.approve')}
      </Button>
      <ReasonButton danger label={t('action.reject')} onSubmit={(reason) => review.reject.mutateAsync({ id, reason }).then(onDone)} />
    </Space>
  );
}
