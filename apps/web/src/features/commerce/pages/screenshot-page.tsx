import type { StoredFile } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { ProgressBar } from '../../../shared/ui/progress-bar';
import { commerceKeys, submitScreenshots, uploadScreenshots } from '../api/commerce';
import '../commerce.css';

const MAX_SHOTS = 5;

/** Spec §2 screenshot verification: upload images with progress (UploadAttachments), then submit them for a task. */
export function ScreenshotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const taskId = Number(search.get('taskId')) || 0;
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [link, setLink] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []).slice(0, MAX_SHOTS - files.length);
    event.target.value = '';
    if (!chosen.length) return;
    setPercent(0);
    try {
      const result = await uploadScreenshots(chosen, (p) => setPercent(p.percent ?? 0));
      setFiles((prev) => [...prev, ...result.files].slice(0, MAX_SHOTS));
    } catch {
      // The transfer helper has toasted the failure.
    } finally {
      setPercent(null);
    }
  };

  const submit = async () => {
    if (!taskId) return showToast(t('commerce.noTask'), 'fail');
    if (!files.length) return showToast(t('commerce.needImages'), 'fail');
    setBusy(true);
    const result = await submitScreenshots({
      taskId,
      fileIds: files.map((f) => f.id),
      link: link.trim() || undefined,
      note: note.trim() || undefined,
    }).catch(() => null);
    setBusy(false);
    if (!result) return;
    showToast(t('commerce.submitted'), 'success');
    await queryClient.invalidateQueries({ queryKey: commerceKeys.all });
    await navigate(`/pages/detail/result?taskId=${taskId}`, { replace: true });
  };

  return (
    <div className="vip-page" data-testid="screenshot-page">
      <section className="vip-card">
        <label className="vip-field">
          <span>{t('commerce.pickImages')}</span>
          <input type="file" accept="image/*" multiple data-testid="screenshot-input" disabled={percent !== null || files.length >= MAX_SHOTS} onChange={(e) => void pick(e)} />
        </label>
        {percent !== null ? (
          <>
            <ProgressBar className="vip-progress" percent={percent} />
            <small data-testid="upload-progress">{t('toast.uploading')} {percent}%</small>
          </>
        ) : null}
        {files.length ? (
          <>
            <small data-testid="uploaded-count">{t('commerce.uploaded', { count: files.length })}</small>
            <div className="vip-thumbs">
              {files.map((f) => (
                <img key={f.id} src={f.url} alt="" />
              ))}
            </div>
          </>
        ) : null}
        <label className="vip-field">
          <span>{t('commerce.link')}</span>
          <input className="vip-input" type="url" value={link} onChange={(e) => setLink(e.target.value)} />
        </label>
        <label className="vip-field">
          <span>{t('commerce.note')}</span>
          <input className="vip-input" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </label>
      </section>
      <div className="vip-footer">
        <button type="button" className="app-button" data-testid="screenshot-submit" disabled={busy || percent !== null} onClick={() => void submit()}>
          {t('commerce.submit')}
        </button>
      </div>
    </div>
  );
}
