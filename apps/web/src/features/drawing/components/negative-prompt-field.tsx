import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The drawing form's 更多 toggle and, opened, the negative prompt (open from the start when one is given). */
export function NegativePromptField({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  const [more, setMore] = useState(value !== '');
  return (
    <>
      <button type="button" className="draw-link-button" data-testid="draw-more" onClick={() => setMore((m) => !m)}>
        {more ? t('drawing.form.less') : t('drawing.form.more')}
      </button>
      {more ? (
        <>
          <p className="draw-label">{t('drawing.form.negative')}</p>
          <textarea
            className="draw-textarea"
            data-testid="draw-negative"
            value={value}
            placeholder={t('drawing.form.negativePlaceholder')}
            onChange={(e) => onChange(e.target.value)}
          />
        </>
      ) : null}
    </>
  );
}
