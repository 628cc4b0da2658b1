import type { ReactNode } from 'react';
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
}: {
  segments: TimedSegment[];
  srt: string | null;
  /** ASS with speakers and word-level karaoke, when the task has one. */
  ass?: string | null;
  name: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    const ok = await copyText(
      segments.map((s) => (s.speaker ? `${s.speaker}：${s.text}` : s.text)).join('\n'),
    );
    if (ok) showToast(t('toast.copied'), 'success');
  };
  return (
    <div className="voice-lines">
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
        {children}
      </div>
    </div>
  );
}
