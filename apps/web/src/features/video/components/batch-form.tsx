import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  VIDEO_BATCH_ARTICLES_MAX,
  VIDEO_BATCH_TEMPLATES_MAX,
  type VideoAddBody,
  type VideoBatchBody,
  type VideoTemplate,
} from '@app/contract';
import { showToast } from '../../../shared/ui/feedback';
import { batchEstimateQueryOptions, useAddVideoBatch } from '../api/batch';
import { VideoChip, VideoChoice } from './video-chip';

/** 批量生成: several of my works with one template, or one work with several templates. */
export type BatchKind = 'articles' | 'templates';
export interface BatchPick {
  kind: BatchKind;
  articleIds: number[];
  articleId: number;
  templateIds: string[];
}
export const emptyBatchPick: BatchPick = { kind: 'articles', articleIds: [], articleId: 0, templateIds: [] };

/** The options of the form every video of the batch shares. */
export type BatchSharedOptions = Omit<VideoAddBody, 'articleId' | 'title' | 'text' | 'templateId'>;

interface Work {
  id: number;
  title: string;
  summary: string;
}

const toggle = <T,>(list: T[], item: T, max: number) =>
  list.includes(item) ? list.filter((x) => x !== item) : list.length < max ? [...list, item] : list;

/** The items of a batch: the works picked (one template), or one work and the templates picked. */
export const batchItems = (pick: BatchPick, templateId: string) =>
  pick.kind === 'articles'
    ? pick.articleIds.length
      ? { articleIds: pick.articleIds, templateId }
      : null
    : pick.articleId && pick.templateIds.length
      ? { articleId: pick.articleId, templateIds: pick.templateIds }
      : null;

/** Picks what the batch is made of (replaces the single source on the video form). */
export function BatchPicker({
  value,
  onChange,
  works,
  worksLoading,
  templates,
}: {
  value: BatchPick;
  onChange: (next: BatchPick) => void;
  works: Work[];
  worksLoading: boolean;
  templates: VideoTemplate[];
}) {
  const { t } = useTranslation();
  const name = (w: Work) => w.title || w.summary.slice(0, 20);
  return (
    <div data-testid="batch-picker">
      <VideoChoice
        value={value.kind}
        options={(['articles', 'templates'] as const).map((kind) => ({
          value: kind,
          label: t(`video.batch.kind.${kind}`),
        }))}
        onChange={(kind) => onChange({ ...value, kind })}
        testId="batch-kind"
      />
      {worksLoading ? (
        <p className="video-muted">{t('common.loading')}</p>
      ) : works.length === 0 ? (
        <p className="video-muted" data-testid="batch-no-works">
          {t('video.batch.noWorks')}
        </p>
      ) : value.kind === 'articles' ? (
        <>
          <p className="video-muted" data-testid="batch-count">
            {t('video.batch.pickWorks', { count: value.articleIds.length, max: VIDEO_BATCH_ARTICLES_MAX })}
          </p>
          <div className="video-chips">
            {works.map((w) => (
              <VideoChip
                key={w.id}
                pressed={value.articleIds.includes(w.id)}
                label={name(w)}
                onClick={() =>
                  onChange({
                    ...value,
                    articleIds: toggle(value.articleIds, w.id, VIDEO_BATCH_ARTICLES_MAX),
                  })
                }
                testId={`batch-work-${w.id}`}
                disabled={
                  !value.articleIds.includes(w.id) && value.articleIds.length >= VIDEO_BATCH_ARTICLES_MAX
                }
              />
            ))}
          </div>
        </>
      ) : (
        <>
          <select
            className="video-select"
            data-testid="batch-article-select"
            value={value.articleId || ''}
            onChange={(event) => onChange({ ...value, articleId: Number(event.target.value) })}
          >
            <option value="">{t('video.source.pick')}</option>
            {works.map((w) => (
              <option key={w.id} value={w.id}>
                {name(w)}
              </option>
            ))}
          </select>
          <p className="video-muted" data-testid="batch-count">
            {t('video.batch.pickTemplates', {
              count: value.templateIds.length,
              max: VIDEO_BATCH_TEMPLATES_MAX,
            })}
          </p>
          <div className="video-chips">
            {templates.map((x) => (
              <VideoChip
                key={x.value}
                pressed={value.templateIds.includes(x.value)}
                label={x.label}
                onClick={() =>
                  onChange({
                    ...value,
                    templateIds: toggle(value.templateIds, x.value, VIDEO_BATCH_TEMPLATES_MAX),
                  })
                }
                testId={`batch-template-${x.value}`}
                disabled={
                  !value.templateIds.includes(x.value) &&
                  value.templateIds.length >= VIDEO_BATCH_TEMPLATES_MAX
                }
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

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
  const count =
    pick.kind === 'articles' ? pick.articleIds.length : pick.articleId ? pick.templateIds.length : 0;
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
