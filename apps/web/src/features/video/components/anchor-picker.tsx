import { useTranslation } from 'react-i18next';

/** The 3×3 grid of the canvas in reading order (1 top-left … 9 bottom-right): where the subtitles sit. */
export function AnchorPicker({ value, onChange }: { value: number; onChange: (anchor: number) => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="video-anchors"
      role="radiogroup"
      aria-label={t('video.anchor.label')}
      data-testid="anchor-picker"
    >
      {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((anchor) => (
        <button
          key={anchor}
          type="button"
          role="radio"
          aria-checked={anchor === value}
          aria-label={t(`video.anchor.cells.${anchor}`)}
          className="video-anchors__cell"
          data-testid={`anchor-${anchor}`}
          onClick={() => onChange(anchor)}
        >
          {anchor === value ? t('video.anchor.sample') : ''}
        </button>
      ))}
    </div>
  );
}
