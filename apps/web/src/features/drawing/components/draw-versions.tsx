import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DrawTask } from '@app/contract';
import { ProgressBar } from '../../../shared/ui/progress-bar';
import { remixesQueryOptions } from '../api/hall';
import { DrawCard } from './draw-card';

/** The upscaled versions (高清放大) of a work: each one's size once done, its progress while it runs. */
export function DrawVersions({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  return (
    <section className="draw-panel" data-testid="draw-versions">
      <h2 className="draw-label">{t('drawing.detail.versions')}</h2>
      <ul className="draw-versions">
        {task.versions.map((version) => (
          <li key={version.id} data-testid={`draw-version-${version.id}`} data-status={version.status}>
            {version.image ? (
              <a href={version.image.url} target="_blank" rel="noreferrer">
                <img
                  className="draw-versions__thumb"
                  src={version.image.thumbUrl}
                  alt=""
                  style={{ aspectRatio: `${version.image.width} / ${version.image.height}` }}
                />
              </a>
            ) : null}
            <p className="draw-muted" data-testid="draw-version-size">
              {version.image
                ? t('drawing.detail.versionSize', {
                    scale: version.scale,
                    width: version.image.width,
                    height: version.image.height,
                  })
                : version.status === 'failed' || version.status === 'canceled'
                  ? (version.errorMessage ?? t('drawing.detail.versionFailed'))
                  : t('drawing.detail.versionRunning', { scale: version.scale, progress: version.progress })}
            </p>
            {!version.image && (version.status === 'queued' || version.status === 'running') ? (
              <ProgressBar className="draw-progress" percent={version.progress} />
            ) : null}
            {version.offline && version.image ? (
              <span className="draw-badge">{t('drawing.detail.versionOffline')}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How many drew this work's 一键同款, and the published ones. */
export function Remixes({ task }: { task: DrawTask }) {
  const { t } = useTranslation();
  const remixes = useQuery({ ...remixesQueryOptions(task.id), enabled: task.remixes > 0 });
  const items = remixes.data?.items ?? [];
  return (
    <section className="draw-panel" data-testid="draw-remixes">
      <p className="draw-label" data-testid="draw-remix-count">
        {t('drawing.detail.remixes', { count: task.remixes })}
      </p>
      {items.length ? (
        <ul className="draw-masonry" data-testid="draw-remix-list">
          {items.map((remix) => (
            <li key={remix.id}>
              <DrawCard task={remix} showAuthor />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
