import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DRAW_UPLOAD_ENGINE, type DrawTask } from '@app/contract';
import { usePersonName } from '../../../shared/lib/person-name';
import { drawOptionsQueryOptions } from '../api/draw-options';

/** What a work is: title, prompt (or "uploaded"), negative prompt, author, style, ratio, offline note and costs. */
export function DrawDetailInfo({ task, hasImage }: { task: DrawTask; hasImage: boolean }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const options = useQuery({ ...drawOptionsQueryOptions(), enabled: task.mine });
  const uploaded = task.engine === DRAW_UPLOAD_ENGINE;
  const canUpscale = task.mine && task.status === 'succeeded';
  return (
    <>
      {task.title ? (
        <h2 className="draw-label" data-testid="draw-title">
          {task.title}
        </h2>
      ) : null}
      <p data-testid="draw-prompt-text">{uploaded ? t('drawing.uploaded') : task.prompt}</p>
      {task.negativePrompt ? (
        <p className="draw-muted">{t('drawing.detail.negative', { text: task.negativePrompt })}</p>
      ) : null}
      <p className="draw-muted">
        {personName(task.author.nickName)} · {t(`drawing.styles.${task.style}`)} · {task.ratio}
      </p>
      {task.offline && !uploaded ? (
        <p className="draw-muted" data-testid="draw-offline">
          <span className="draw-badge">{t('drawing.offline')}</span>
          {t('drawing.detail.offlineNote')}
        </p>
      ) : null}
      {task.mine && task.status !== 'failed' ? (
        <p className="draw-muted">{t('drawing.detail.cost', { gold: task.cost })}</p>
      ) : null}
      {canUpscale && hasImage && options.data ? (
        <p className="draw-muted" data-testid="draw-upscale-cost">
          {t('drawing.detail.upscaleCost', { gold: options.data.goldPerUpscale })}
        </p>
      ) : null}
    </>
  );
}
