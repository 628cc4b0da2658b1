import { INTRODUCTION_MAX, NICKNAME_MAX, type UserBaseInfo } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api/api-error';
import { baseInfoQueryKey } from '../../../shared/lib/session';
import { checkTextBeforeSend } from '../../../shared/lib/text-check';
import { showToast } from '../../../shared/ui/feedback';
import { FormError } from '../../../shared/ui/form';
import '../../../shared/ui/form.css';
import './profile-text-form.css';
import { updateProfileText } from '../api/profile';

/** Nickname and introduction, checked locally (emoji, sensitive words with fillers ignored) before saving. */
export function ProfileTextForm({ info }: { info: UserBaseInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [nickName, setNickName] = useState(info.nickName);
  const [introduction, setIntroduction] = useState(info.introduction);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!nickName.trim()) return setError(t('users.profile.nickNameRequired'));
    const problem = await checkTextBeforeSend(nickName, introduction);
    if (problem) return setError(problem);
    setError(undefined);
    setBusy(true);
    try {
      const next = await updateProfileText({ nickName: nickName.trim(), introduction: introduction.trim() });
      queryClient.setQueryData(baseInfoQueryKey, next);
      showToast(t('toast.saved'), 'success');
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : t('toast.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-card profile-text-form" data-testid="profile-text-form" noValidate onSubmit={(e) => void handleSubmit(e)}>
      <label className="form-field">
        <span className="form-field__label">{t('users.profile.nickName')}</span>
        <input className="form-field__input profile-text-form__input" data-testid="nickname-input" value={nickName} maxLength={NICKNAME_MAX} onChange={(e) => setNickName(e.target.value)} />
      </label>
      <label className="form-field">
        <span className="form-field__label">{t('users.profile.introduction')}</span>
        <textarea
          className="form-field__input profile-text-form__input"
          data-testid="introduction-input"
          rows={2}
          value={introduction}
          maxLength={INTRODUCTION_MAX}
          onChange={(e) => setIntroduction(e.target.value)}
        />
      </label>
      <FormError message={error} />
      <button type="submit" className="form-submit" data-testid="profile-text-save" disabled={busy}>
        {t('users.profile.save')}
      </button>
    </form>
  );
}
