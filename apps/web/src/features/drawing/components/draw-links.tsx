import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUploadForUpscale } from '../api/upscale';

/** Under the drawing form: tutorial, hall, article, my works, and 高清放大 of a picture of mine. */
export function DrawLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // 高清放大 of a picture of mine: it becomes a private work whose detail offers ×2 and ×4.
  const uploadPicture = useUploadForUpscale();
  const handleUpscaleFile = (file: File) =>
    uploadPicture.mutate(file, { onSuccess: (work) => void navigate(`/draw/home/detail?id=${work.id}`) });
  return (
    <p className="draw-muted">
      <Link to="/draw/me/tutorial">{t('drawing.form.tutorial')}</Link> ·{' '}
      <Link to="/draw/home/hall">{t('drawing.form.hall')}</Link> ·{' '}
      <Link to="/draw/publish/article">{t('drawing.form.article')}</Link> ·{' '}
      <Link to="/draw/me/info">{t('drawing.form.mine')}</Link> ·{' '}
      <label className="draw-link-button">
        {uploadPicture.isPending ? t('toast.uploading') : t('drawing.form.uploadToUpscale')}
        <input
          type="file"
          accept="image/png,image/jpeg"
          hidden
          data-testid="draw-upscale-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) handleUpscaleFile(file);
          }}
        />
      </label>
    </p>
  );
}
