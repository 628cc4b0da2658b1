import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useTranslatePrompt } from '../api/translate-prompt';

interface DrawPromptFieldProps {
  value: string;
  onChange: (prompt: string) => void;
  maxChars: number;
}

/** The drawing form's prompt: its label with 翻译 (the translation replaces the prompt), the text and its counter. */
export function DrawPromptField({ value, onChange, maxChars }: DrawPromptFieldProps) {
  const { t } = useTranslation();
  const translate = useTranslatePrompt();
  const handleTranslate = () =>
    translate.mutate(value, {
      onSuccess: (result) => {
        onChange(result.text);
        showToast(
          result.offline ? t('drawing.form.translatedOffline') : t('drawing.form.translated'),
          'success',
        );
      },
    });
  return (
    <>
      <p className="draw-label">
        <span>{t('drawing.form.prompt')}</span>
        <button
          type="button"
          className="draw-link-button"
          data-testid="draw-translate"
          disabled={!value.trim() || translate.isPending}
          onClick={handleTranslate}
        >
          {translate.isPending ? t('drawing.form.translating') : t('drawing.form.translate')}
        </button>
      </p>
      <textarea
        className="draw-textarea"
        data-testid="draw-prompt"
        value={value}
        placeholder={t('drawing.form.promptPlaceholder')}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="draw-muted" data-testid="draw-counter">
        {t('drawing.form.counter', { count: [...value].length, max: maxChars })}
      </p>
    </>
  );
}
