import { CHAT_CONTENT_MAX } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraft } from '../../../shared/lib/use-draft';
import { useStartRun } from '../hooks/use-start-run';
import { CreateForm, FieldFoot } from './create-form';
import { TemplatePicker } from './template-picker';

/** Creation without a template (opened from the home grid): a free request, or a template to start from. */
export function FreeCreate() {
  const { t } = useTranslation();
  const [text, setText, draft] = useDraft('create.free', '');
  const { busy, start } = useStartRun(draft.clear);
  const [error, setError] = useState('');
  return (
    <CreateForm
      busy={busy}
      onSubmit={() => {
        const content = text.trim();
        if (!content) {
          setError(t('temps.freeEmpty'));
          return;
        }
        void start({ content });
      }}
    >
      <section className="temps-block">
        <label className="temps-detail__title temps-free__title" htmlFor="create-free">
          {t('temps.freeTitle')}
        </label>
        <p className="temps-detail__desc">{t('temps.freeHint')}</p>
        <textarea
          id="create-free"
          data-testid="create-free"
          className="temps-input temps-free__input"
          rows={5}
          value={text}
          maxLength={CHAT_CONTENT_MAX}
          placeholder={t('temps.freePlaceholder')}
          aria-invalid={!!error}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError('');
          }}
        />
        <FieldFoot error={error} length={text.length} max={CHAT_CONTENT_MAX} />
      </section>
      <TemplatePicker />
    </CreateForm>
  );
}
