import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VideoBatchBody } from '@app/contract';
import { showToast } from '../../../shared/ui/feedback';
import { batchEstimateQueryOptions, useAddVideoBatch } from '../api/batch';
import { batchCount, batchItems, type BatchPick, type BatchSharedOptions } from '../lib/batch-pick';

/** The batch's total estimate and its submit button (in place of the single video's). */
export function BatchSubmit({
  pick,
  templateId,
  shared,
  onDone,
}: {
  pick: BatchPick;
  templateId: string;
  /** Null while the form misses something (a voice). */
  shared: BatchSharedOptions | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const items = batchItems(pick, templateId);
  const speed = shared?.speed ?? 100;
  const estimateBody = items ? { ...items, speed, intro: !!shared?.intro, outro: !!shared?.outro } : null;
  const estimate = useQuery({
    ...batchEstimateQueryOptions(estimateBody ?? { articleIds: [] }),
    enabled: !!estimateBody,
  });
  const create = useAddVideoBatch();
  const count = batchCount(pick);
  const submit = () => {
    if (!items || !shared) {
      showToast(t(pick.kind === 'articles' ? 'video.batch.needWorks' : 'video.batch.needTemplates'), 'fail');
      return;
    }
    const body: VideoBatchBody = { ...shared, ...items };
    create.mutate(body, {
      onSuccess: (tasks) => {
        const waiting = tasks.filter((task) => task.waiting).length;
        showToast(
          waiting
            ? t('video.batch.createdWaiting', { count: tasks.length, waiting })
            : t('video.batch.created', { count: tasks.length }),
          'success',
        );
        onDone();
      },
    });
  };
  return (
    <>
      <p className="video-estimate" data-testid="batch-estimate">
        {estimate.data
          ? t('video.batch.estimate', {
              count,
              seconds: estimate.data.total.seconds,
              gold: estimate.data.total.gold,
              words: estimate.data.total.words,
            })
          : estimate.isFetching
            ? t('common.loading')
            : t('video.batch.estimateEmpty')}
      </p>
      <button
        type="button"
        className="video-button video-button--wide"
        data-testid="batch-create"
        disabled={create.isPending}
        onClick={submit}
      >
        {create.isPending ? t('common.loading') : t('video.batch.create', { count })}
      </button>
    </>
  );
}
