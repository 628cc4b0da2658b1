import { useTranslation } from 'react-i18next';
import type { VideoTemplate } from '@app/contract';

const coverShape = (x: VideoTemplate) =>
  x.width > x.height
    ? ' video-template__cover--landscape'
    : x.width === x.height
      ? ' video-template__cover--square'
      : '';

/** The template gallery: each template's cover in its shape, its name and what it is for. */
export function VideoTemplateCard({
  templates,
  chosen,
  onPick,
  hidden,
}: {
  templates: VideoTemplate[];
  chosen: string;
  onPick: (value: string) => void;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="video-card" hidden={hidden}>
      <h2 className="video-card__title">{t('video.template.title')}</h2>
      <div className="video-templates" role="radiogroup" aria-label={t('video.template.title')}>
        {templates.map((x) => (
          <button
            key={x.value}
            type="button"
            role="radio"
            aria-checked={x.value === chosen}
            className="video-template"
            data-testid={`template-${x.value}`}
            onClick={() => onPick(x.value)}
          >
            <img
              className={`video-template__cover${coverShape(x)}`}
              src={x.cover}
              alt=""
              style={{ background: x.background }}
            />
            <strong>{x.label}</strong>
            <span className="video-muted">{x.description}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
