import { useTranslation } from 'react-i18next';
import type { TimedSegment } from '@app/contract';
import { copyText } from '../../../shared/lib/clipboard';
import { showToast } from '../../../shared/ui/feedback';
import { clock, saveSrt } from './srt-file';

/** Subtitles as timed lines, with copy and SRT download. */
export function TimedLines({
  segments,
  srt,
  name,
}: {
  segments: TimedSegment[];
  srt: string | null;
  name: string;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    const ok = await copyText(segments.map((s) => s.text).join('\n'));
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
            <span>{segment.text}</span>
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
      </div>
    </div>
  );
}
