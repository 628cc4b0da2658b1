import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { FEEDBACK_MAX_IMAGES, FEEDBACK_TYPES, uploadImage, useSubmitFeedback, type FeedbackType } from '../api/feedback';
import '../../../shared/ui/form.css';
import { FormError } from '../../../shared/ui/form';
import { ChoiceChips } from '../components/choice-chips';
import './help.css';
import { checkTextBeforeSend } from '../../../shared/lib/text-check';
import { useDraft } from '../../../shared/lib/use-draft';

interface Shot {
  key: number;
  preview: string;
  url: string | null;
  percent: number;
  failed: boolean;
}

/** Spec §2 feedback: type, text, up to 4 images uploaded with progress, contact. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<FeedbackType>('suggestion');
  // What is typed is kept as a draft until the feedback is sent.
  const [content, setContent, contentDraft] = useDraft('feedback.content', '');
  const [contact, setContact, contactDraft] = useDraft('feedback.contact', '');
  const [shots, setShots] = useState<Shot[]>([]);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);

  const update = (key: number, change: Partial<Shot>) =>
    setShots((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const pick = (files: FileList | null) => {
    const room = FEEDBACK_MAX_IMAGES - shots.length;
    for (const file of Array.from(files ?? []).slice(0, room)) {
      const key = nextKey.current++;
      setShots((list) => [...list, { key, preview: URL.createObjectURL(file), url: null, percent: 0, failed: false }]);
      uploadImage(file, (p) => update(key, { percent: p.percent ?? 0 }))
        .then((url) => update(key, { url, percent: 100 }))
        .catch(() => update(key, { failed: true }));
    }
    if (input.current) input.current.value = '';
  };

  const submit = useSubmitFeedback();
  const send = () =>
    submit.mutate(
      {
        type,
        content: content.trim(),
        images: shots.flatMap((s) => (s.url ? [s.url] : [])),
        contact: contact.trim() || undefined,
      },
      {
        onSuccess: () => {
          contentDraft.clear();
          contactDraft.clear();
          showToast(t('helpCentre.feedback.sent'), 'success');
          void navigate(-1);
        },
      },
    );

  const onSubmit = () => {
    if (content.trim().length < 5) return setError(t('helpCentre.feedback.tooShort'));
    if (shots.some((s) => !s.url && !s.failed)) return setError(t('helpCentre.feedback.stillUploading'));
    setError(null);
    void checkTextBeforeSend(content).then((problem) => (problem ? setError(problem) : send()));
  };

  return (
    <div className="form-page" data-testid="feedback-page">
      <div className="form-card">
        <ChoiceChips
          label={t('helpCentre.feedback.type')}
          options={FEEDBACK_TYPES}
          value={type}
          onChange={setType}
          labelOf={(key) => t(`helpCentre.feedback.types.${key}`)}
          testIdPrefix="feedback-type"
        />
        <label className="form-field">
          <span className="form-field__label">{t('helpCentre.feedback.content')}</span>
          <textarea
            className="form-field__input help-textarea"
            data-testid="feedback-content"
            maxLength={500}
            value={content}
            placeholder={t('helpCentre.feedback.contentPlaceholder')}
            onChange={(e) => setContent(e.target.value)}
          />
        </label>
        <div className="form-field">
          <span className="form-field__label">{t('helpCentre.feedback.images', { max: FEEDBACK_MAX_IMAGES })}</span>
          <ul className="help-shots">
            {shots.map((shot) => (
              <li key={shot.key} className="help-shot" data-testid="feedback-image">
                <img src={shot.preview} alt="" />
                {shot.url ? null : (
                  <span className="help-shot__progress">
                    {shot.failed ? t('helpCentre.feedback.uploadFailed') : `${shot.percent}%`}
                  </span>
                )}
                <button
                  type="button"
                  className="help-shot__remove"
                  aria-label={t('helpCentre.feedback.removeImage')}
                  onClick={() => setShots((list) => list.filter((s) => s.key !== shot.key))}
                >
                  <Cross />
                </button>
              </li>
            ))}
            {shots.length < FEEDBACK_MAX_IMAGES ? (
              <li>
                <button type="button" className="help-shot help-shot--add" aria-label={t('helpCentre.feedback.addImage')} onClick={() => input.current?.click()}>
                  <Plus />
                </button>
                <input ref={input} type="file" accept="image/*" multiple hidden data-testid="feedback-file" onChange={(e) => pick(e.target.files)} />
              </li>
            ) : null}
          </ul>
        </div>
        <label className="form-field">
          <span className="form-field__label">{t('helpCentre.feedback.contact')}</span>
          <input
            className="form-field__input"
            data-testid="feedback-contact"
            maxLength={50}
            value={contact}
            placeholder={t('helpCentre.feedback.contactPlaceholder')}
            onChange={(e) => setContact(e.target.value)}
          />
        </label>
        <FormError message={error ?? undefined} />
        <button type="button" className="form-submit" data-testid="feedback-submit" disabled={submit.isPending} onClick={onSubmit}>
          {t('helpCentre.feedback.submit')}
        </button>
      </div>
    </div>
  );
}

const Plus = () => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
const Cross = () => (
  <svg viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);
