import { useEffect, useRef, useState } from 'react';
import { useLongPress } from '../lib/use-long-press';
import { canvasBlob, drawPoster, saveBlob, type PosterInput } from '../lib/share-poster';
import { EmptyState } from './empty-state';
import { showToast } from './feedback';
import './share-poster-view.css';

interface SharePosterViewProps {
  input: PosterInput;
  fileName: string;
  /** Texts in the reader's language: under the picture, the save button, a failed drawing, the save toasts. */
  labels: { hint: string; save: string; failed: string; saved: string; saveFailed: string; drawing: string };
}

/** A share poster drawn to an image the user saves by long press or the button (articles, banners, drawings). */
export function SharePosterView({ input, fileName, labels }: SharePosterViewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(input);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let live = true;
    drawPoster(canvas, JSON.parse(key) as PosterInput).then(
      () => {
        if (!live) return;
        try {
          setImage(canvas.toDataURL('image/png'));
        } catch {
          setFailed(true);
        }
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [key]);

  const handleSave = async () => {
    const canvas = canvasRef.current;
    try {
      if (!canvas || !image) throw new Error('poster not ready');
      saveBlob(await canvasBlob(canvas), fileName);
      showToast(labels.saved, 'success');
    } catch {
      showToast(labels.saveFailed, 'fail');
    }
  };
  const press = useLongPress(() => void handleSave());

  return (
    <div className="poster-page" data-testid="poster-page">
      <canvas ref={canvasRef} className="poster-page__canvas" aria-hidden="true" />
      {image ? (
        <img className="poster-page__image" src={image} alt={input.title} data-testid="poster-image" data-link={input.link} draggable={false} {...press} onContextMenu={(e) => e.preventDefault()} />
      ) : failed ? (
        <EmptyState image="network" title={labels.failed} testId="poster-failed" />
      ) : (
        <p className="poster-page__hint" data-testid="poster-drawing">
          {labels.drawing}
        </p>
      )}
      <p className="poster-page__hint">{labels.hint}</p>
      <button type="button" className="app-button poster-page__save" data-testid="poster-save" disabled={!image} onClick={() => void handleSave()}>
        {labels.save}
      </button>
    </div>
  );
}
