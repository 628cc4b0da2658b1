import { useTranslation } from 'react-i18next';
import { DRAW_MAX_COUNT, drawRatios, drawStyles, type DrawRatio, type DrawStyle } from '@app/contract';
import { Chip } from '../../../shared/ui/chip';

interface DrawChoicesProps {
  style: DrawStyle;
  onStyle: (style: DrawStyle) => void;
  ratio: DrawRatio;
  onRatio: (ratio: DrawRatio) => void;
  count: number;
  onCount: (count: number) => void;
}

/** The drawing form's chip rows: style, ratio and how many pictures. */
export function DrawChoices({ style, onStyle, ratio, onRatio, count, onCount }: DrawChoicesProps) {
  const { t } = useTranslation();
  const chip = (pressed: boolean, label: string, onClick: () => void, testId: string) => (
    <Chip key={testId} className="draw-chip" pressed={pressed} label={label} onClick={onClick} testId={testId} />
  );
  return (
    <>
      <p className="draw-label">{t('drawing.form.style')}</p>
      <div className="draw-chips">
        {drawStyles.map((s) => chip(style === s, t(`drawing.styles.${s}`), () => onStyle(s), `draw-style-${s}`))}
      </div>
      <p className="draw-label">{t('drawing.form.ratio')}</p>
      <div className="draw-chips">
        {drawRatios.map((r) => chip(ratio === r, r, () => onRatio(r), `draw-ratio-${r.replace(':', 'x')}`))}
      </div>
      <p className="draw-label">{t('drawing.form.count')}</p>
      <div className="draw-chips">
        {Array.from({ length: DRAW_MAX_COUNT }, (_, i) => i + 1).map((n) =>
          chip(count === n, t('drawing.form.countValue', { count: n }), () => onCount(n), `draw-count-${n}`),
        )}
      </div>
    </>
  );
}
