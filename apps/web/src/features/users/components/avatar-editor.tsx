import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getBaseInfoQueryOptions } from '../../../shared/lib/session';
import { showToast } from '../../../shared/ui/feedback';
import { uploadAvatar } from '../api/profile';
import { AVATAR_SIZE, MAX_ZOOM, squareCrop } from '../lib/square-crop';
import '../../../shared/ui/form.css';
import './avatar-editor.css';

/** The picked picture as the crop frame draws it. */
interface Picked {
  image: HTMLImageElement;
  url: string;
}

const FRAME = 280;

const loadImage = (file: File): Promise<Picked> =>
  new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => resolve({ image, url });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('image not readable'));
    };
    image.src = url;
  });

const drawCrop = (canvas: HTMLCanvasElement, image: HTMLImageElement, zoom: number, pan: { x: number; y: number }, side: number) => {
  const { sx, sy, size } = squareCrop(image.naturalWidth, image.naturalHeight, zoom, pan.x, pan.y);
  canvas.width = side;
  canvas.height = side;
  canvas.getContext('2d')?.drawImage(image, sx, sy, size, size, 0, 0, side, side);
};

/**
 * Spec §7 `/api/sysFile/uploadAvatar`: pick a picture, crop it square (drag to move, slider to zoom), upload it
 * with its progress shown; the new avatar shows everywhere once uploaded.
 */
export function AvatarEditor({ avatar }: { avatar: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number; pan: { x: number; y: number } } | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [percent, setPercent] = useState<number | null>(null);

  useEffect(() => {
    if (picked && preview.current) drawCrop(preview.current, picked.image, zoom, pan, FRAME);
  }, [picked, zoom, pan]);

  const close = () => {
    if (picked) URL.revokeObjectURL(picked.url);
    setPicked(null);
    setPercent(null);
  };

  const handlePick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    try {
      setZoom(1);
      setPan({ x: 0, y: 0 });
      setPicked(await loadImage(file));
    } catch {
      showToast(t('users.avatar.unreadable'), 'fail');
    }
  };

  const handlePointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, pan };
  };
  const handlePointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!start) return;
    // Dragging the picture right shows more of its left side.
    const factor = 2 / FRAME;
    setPan({
      x: Math.max(-1, Math.min(1, start.pan.x - (event.clientX - start.x) * factor)),
      y: Math.max(-1, Math.min(1, start.pan.y - (event.clientY - start.y) * factor)),
    });
  };

  const handleUpload = async () => {
    if (!picked) return;
    const canvas = document.createElement('canvas');
    drawCrop(canvas, picked.image, zoom, pan, AVATAR_SIZE);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob) return showToast(t('users.avatar.unreadable'), 'fail');
    setPercent(0);
    try {
      await uploadAvatar(blob, (p) => setPercent(p.percent ?? null));
      showToast(t('request.uploadSuccess'), 'success');
      await queryClient.fetchQuery({ ...getBaseInfoQueryOptions(), staleTime: 0 });
      close();
    } catch {
      // The upload client has shown spec §8's upload message.
      setPercent(null);
    }
  };

  return (
    <>
      <button type="button" className="settings-list__item" data-testid="account-avatar" onClick={() => input.current?.click()}>
        <span>{t('users.avatar.label')}</span>
        <img className="avatar-row__image" src={avatar} alt="" width={40} height={40} data-testid="account-avatar-image" />
      </button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        hidden
        data-testid="avatar-file"
        onChange={(event) => void handlePick(event.target.files?.[0])}
      />
      {picked ? (
        <div className="avatar-crop" role="dialog" aria-label={t('users.avatar.crop')} data-testid="avatar-crop">
          <p className="avatar-crop__hint">{t('users.avatar.hint')}</p>
          <canvas
            ref={preview}
            className="avatar-crop__frame"
            width={FRAME}
            height={FRAME}
            data-testid="avatar-crop-frame"
            onPointerDown={handlePointerDown}
            onPointerMove={handlePointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
          />
          <label className="avatar-crop__zoom">
            <span>{t('users.avatar.zoom')}</span>
            <input type="range" min={1} max={MAX_ZOOM} step={0.01} value={zoom} data-testid="avatar-zoom" onChange={(e) => setZoom(Number(e.target.value))} />
          </label>
          {percent !== null ? (
            <div className="avatar-crop__progress" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} data-testid="avatar-progress">
              <span style={{ width: `${percent}%` }} />
              <small>{t('toast.uploading')} {percent}%</small>
            </div>
          ) : null}
          <div className="avatar-crop__actions">
            <button type="button" className="form-submit form-submit--ghost" disabled={percent !== null} onClick={close}>
              {t('common.cancel')}
            </button>
            <button type="button" className="form-submit" data-testid="avatar-upload" disabled={percent !== null} onClick={() => void handleUpload()}>
              {t('users.avatar.use')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
