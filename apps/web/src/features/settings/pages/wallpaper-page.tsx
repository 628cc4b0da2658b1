import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { userDetailQueryOptions } from '../../../shared/lib/session';
import { uploadWallpaper, useSetHomeBg, WALLPAPERS } from '../api/wallpaper';
import '../../../shared/ui/settings-list.css';
import './settings.css';

/** Spec §2 wallpaper: the personal homepage background from static wallpapers or an upload (metadata homeBg). */
export function WallpaperPage() {
  const { t } = useTranslation();
  const detail = useQuery(userDetailQueryOptions());
  const current = typeof detail.data?.metadata.homeBg === 'string' ? detail.data.metadata.homeBg : null;
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const save = useSetHomeBg();
  const saveHomeBg = (homeBg: string | null) =>
    save.mutate(homeBg, { onSuccess: () => showToast(t('toast.saved'), 'success') });

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProgress(0);
    try {
      const url = await uploadWallpaper(file, setProgress);
      saveHomeBg(url);
    } catch {
      // The upload helper already showed the failure.
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="settings-page" data-testid="wallpaper-page">
      <ul className="wallpaper-grid">
        {WALLPAPERS.map((w) => (
          <li key={w.name}>
            <button
              type="button"
              className="wallpaper-option"
              aria-pressed={current === w.url}
              aria-label={t(`settingsPages.wallpaper.names.${w.name}`)}
              data-testid={`wallpaper-${w.name}`}
              disabled={save.isPending}
              onClick={() => saveHomeBg(w.url)}
            >
              <img src={w.url} alt="" />
              <span>{t(`settingsPages.wallpaper.names.${w.name}`)}</span>
            </button>
          </li>
        ))}
        {current && !WALLPAPERS.some((w) => w.url === current) ? (
          <li>
            <div className="wallpaper-option" aria-current="true" data-testid="wallpaper-custom">
              <img src={current} alt="" />
              <span>{t('settingsPages.wallpaper.custom')}</span>
            </div>
          </li>
        ) : null}
      </ul>
      <button type="button" className="settings-logout" data-testid="wallpaper-upload" disabled={progress !== null} onClick={() => input.current?.click()}>
        {progress !== null ? `${t('toast.uploading')} ${progress}%` : t('settingsPages.wallpaper.upload')}
      </button>
      <input ref={input} type="file" accept="image/*" hidden data-testid="wallpaper-file" onChange={(e) => void pick(e.target.files?.[0])} />
      {current ? (
        <button type="button" className="settings-logout" data-testid="wallpaper-reset" disabled={save.isPending} onClick={() => saveHomeBg(null)}>
          {t('settingsPages.wallpaper.reset')}
        </button>
      ) : null}
    </div>
  );
}
