import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimedSegment } from '@app/contract';
import { copyText } from '../../../shared/lib/clipboard';
import { showToast } from '../../../shared/ui/feedback';
import { clock, saveAs, saveSrt } from './srt-file';

/** Subtitles as timed lines, with copy and SRT download. */
export function TimedLines({
  segments,
  srt,
  ass = null,
  name,
  children,
  onSave,
}: {
  segments: TimedSegment[];
  srt: string | null;
  /** ASS with speakers and word-level karaoke, when the task has one. */
  ass?: string | null;
  name: string;
  children?: ReactNode;
  /** Saves edited lines (one cue per line); the server times them again from the speech. */
  onSave?: (lines: string[]) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const lineOf = (s: TimedSegment) => (s.speaker ? `${s.speaker}：${s.text}` : s.text);
  const save = async () => {
    if (!onSave || editing === null) return;
    setSaving(true);
    try {
      await onSave(editing.split('\n').filter((line) => line.trim()));
      setEditing(null);
    } catch {
      // The API client already said why.
    } finally {
      setSaving(false);
    }
  };
  const copy = async () => {
    const ok = await copyText(
      segments.map((s) => (s.speaker ? `${s.speaker}：${s.text}` : s.text)).join('\n'),
    );
    if (ok) showToast(t('toast.copied'), 'success');
  };
  return (
    <div className="voice-lines">
      {editing !== null ? (
        <div className="voice-field">
          <textarea
            className="voice-textarea"
            data-testid="subtitles-editor"
            rows={Math.min(12, segments.length + 1)}
            value={editing}
            aria-label={t('voice.srt.editHint')}
            onChange={(event) => setEditing(event.target.value)}
          />
          <span className="voice-muted">{t('voice.srt.editHint')}</span>
          <div className="voice-actions">
            <button
              type="button"
              className="voice-button"
              data-testid="save-subtitles"
              disabled={saving}
              onClick={() => void save()}
            >
              {saving ? t('common.loading') : t('voice.srt.save')}
            </button>
            <button
              type="button"
              className="voice-button voice-button--ghost"
              onClick={() => setEditing(null)}
            >
              {t('voice.editor.close')}
            </button>
          </div>
        </div>
      ) : null}
      <ol className="voice-lines__list" data-testid="timed-lines">
        {segments.map((segment, i) => (
          <li key={`${i}-${segment.start}`} className="voice-lines__line">
            <span className="voice-lines__time">
              {clock(segment.start)}–{clock(segment.end)}
            </span>
            <span>
              {segment.speaker ? <strong className="voice-lines__speaker">{segment.speaker}：</strong> : null}
              {segment.text}
            </span>
          </li>
        ))}
      </ol>
      <div className="voice-actions">
        <button
          type="button"
          className="voice-button voice-button--ghost"
          data-testid="copy-subtitles"
          onClick={() => void copy()}
        >
          {t('voice.srt.copy')}
        </button>
        {srt ? (
          <button
            type="button"
            className="voice-button voice-button--ghost"
            data-testid="download-srt"
            onClick={() => saveSrt(srt, `${name}.srt`)}
          >
            {t('voice.srt.download')}
          </button>
        ) : null}
        {ass ? (
          <button
            type="button"
            className="voice-button voice-button--ghost"
            data-testid="download-ass"
            onClick={() => saveAs(new Blob([ass], { type: 'text/x-ssa' }), `${name}.ass`)}
          >
            {t('voice.srt.downloadAss')}
          </button>
        ) : null}
        {onSave && editing === null ? (
          <button
            type="button"
            className="voice-button voice-button--ghost"
            data-testid="edit-subtitles"
            onClick={() => setEditing(segments.map(lineOf).join('\n'))}
          >
            {t('voice.srt.edit')}
          </button>
        ) : null}
        {children}
      </div>
    </div>
  );
}
