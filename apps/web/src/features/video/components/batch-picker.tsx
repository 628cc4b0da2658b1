import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VIDEO_BATCH_ARTICLES_MAX, VIDEO_BATCH_TEMPLATES_MAX, type VideoTemplate } from '@app/contract';
import { toggle, type BatchPick } from '../lib/batch-pick';
import { workName, type Work } from '../lib/work';
import { VideoChip, VideoChoice } from './video-chip';

/** Picks what the batch is made of (replaces the single source on the video form). */
export function BatchPicker({
  value,
  onChange,
  works,
  worksLoading,
  templates,
  onSingle,
}: {
  value: BatchPick;
  onChange: (next: BatchPick) => void;
  works: Work[];
  worksLoading: boolean;
  templates: VideoTemplate[];
  /** Back to the single video (which takes any text), offered when there is nothing to batch. */
  onSingle: () => void;
}) {
  const { t } = useTranslation();
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
        <div data-testid="batch-no-works">
          <p className="video-muted">{t('video.batch.noWorks')}</p>
          <p className="video-muted">
            <button type="button" className="video-link" data-testid="batch-go-single" onClick={onSingle}>
              {t('video.batch.goSingle')}
            </button>
            {' · '}
            <Link className="video-link" to="/pages/detail/post" data-testid="batch-go-post">
              {t('video.batch.goPost')}
            </Link>
          </p>
        </div>
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
                label={workName(w)}
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
                {workName(w)}
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
