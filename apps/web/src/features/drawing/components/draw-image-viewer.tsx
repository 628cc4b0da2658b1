import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawTask } from '@app/contract';
import { Chip } from '../../../shared/ui/chip';
import { DrawState } from './draw-card';

const ZOOMS = [1, 2, 3, 4] as const;

interface DrawImageViewerProps {
  task: DrawTask;
  /** The picture shown (of the task's images). */
  index: number;
  onIndex: (index: number) => void;
}

/** A work's picture with zoom 1–4 and, for several pictures, which one; the task's state while it has none. */
export function DrawImageViewer({ task, index, onIndex }: DrawImageViewerProps) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>(1);
  const image = task.images[Math.min(index, task.images.length - 1)];
  if (!image)
    return (
      <div className="draw-panel">
        <DrawState task={task} />
      </div>
    );
  return (
    <>
      <div className="draw-zoom" data-testid="draw-zoom">
        <img
          src={image.url}
          alt={task.title ?? task.prompt}
          data-testid="draw-image"
          style={{ width: `${zoom * 100}%`, aspectRatio: `${image.width} / ${image.height}` }}
        />
      </div>
      <div className="draw-chips" style={{ marginTop: '0.5rem' }}>
        {ZOOMS.map((z) => (
          <Chip
            key={z}
            className="draw-chip"
            pressed={zoom === z}
            label={t('drawing.detail.zoom', { zoom: z })}
            testId={`draw-zoom-${z}`}
            onClick={() => setZoom(z)}
          />
        ))}
        {task.images.length > 1
          ? task.images.map((_, i) => (
              <Chip
                key={`image-${i}`}
                className="draw-chip"
                pressed={index === i}
                label={t('drawing.detail.imageN', { n: i + 1 })}
                onClick={() => onIndex(i)}
              />
            ))
          : null}
      </div>
    </>
  );
}
