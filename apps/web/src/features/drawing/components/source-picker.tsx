import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawSource, DrawTask } from '@app/contract';
import { useUploadSourcePicture } from '../api/upload-source';

interface SourcePickerProps {
  value: DrawSource | null;
  onChange: (source: DrawSource | null) => void;
  /** My recent tasks; the finished ones can be the source. */
  drawings: DrawTask[];
  offline: boolean;
}

/** The drawing form's "from a picture" option: one of my drawings, or a picture uploaded from the album. */
export function SourcePicker({ value, onChange, drawings, offline }: SourcePickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(value !== null);
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const upload = useUploadSourcePicture();
  const finished = drawings.filter((task) => task.status === 'succeeded' && task.images.length > 0);
  const chosenUrl =
    value?.kind === 'drawing'
      ? finished.find((task) => task.id === value.id)?.images[value.index ?? 0]?.thumbUrl
      : value?.kind === 'upload'
        ? uploadedUrl
        : null;

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (picture) => {
        setUploadedUrl(picture.url);
        onChange({ kind: 'upload', id: picture.id });
      },
    });
  };
  const handleClear = () => {
    onChange(null);
    setOpen(false);
  };

  if (!open)
    return (
      <button
        type="button"
        className="draw-link-button"
        data-testid="draw-source-open"
        onClick={() => setOpen(true)}
      >
        {t('drawing.source.title')}
      </button>
    );
  return (
    <div className="draw-source" data-testid="draw-source">
      <p className="draw-label">
        <span>{t('drawing.source.title')}</span>
        <label className="draw-link-button">
          {upload.isPending ? t('toast.uploading') : t('drawing.source.fromAlbum')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/gif"
            hidden
            data-testid="draw-source-file"
            onChange={handleFile}
          />
        </label>
      </p>
      {value && chosenUrl ? (
        <p className="draw-source-chosen" data-testid="draw-source-chosen">
          <img src={chosenUrl} alt={t('drawing.source.chosen')} />
          <button
            type="button"
            className="draw-link-button"
            data-testid="draw-source-clear"
            onClick={handleClear}
          >
            {t('drawing.source.clear')}
          </button>
        </p>
      ) : null}
      <p className="draw-muted">{offline ? t('drawing.source.offlineHint') : t('drawing.source.hint')}</p>
      <p className="draw-muted">{t('drawing.source.fromMine')}</p>
      {finished.length ? (
        <div className="draw-roles">
          {finished.slice(0, 12).map((task) => (
            <button
              key={task.id}
              type="button"
              className="draw-role"
              aria-pressed={value?.kind === 'drawing' && value.id === task.id}
              aria-label={t('drawing.source.pick', { id: task.id })}
              onClick={() => onChange({ kind: 'drawing', id: task.id, index: 0 })}
            >
              <img src={task.images[0]!.thumbUrl} alt="" />
            </button>
          ))}
        </div>
      ) : (
        <p className="draw-muted">{t('drawing.source.noDrawings')}</p>
      )}
    </div>
  );
}
