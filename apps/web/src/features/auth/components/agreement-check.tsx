import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../../shared/ui/form.css';

/** Agreement checkbox linking the service agreement and the privacy policy pages. */
export function AgreementCheck({ checked, onChange, error }: { checked: boolean; onChange(checked: boolean): void; error?: string }) {
  const { t } = useTranslation();
  return (
    <div className="form-agreement">
      <label className="form-agreement__label">
        <input type="checkbox" checked={checked} data-testid="agreement-input" onChange={(e) => onChange(e.target.checked)} />
        <span>{t('auth.agreement.prefix')}</span>
      </label>
      <Link to="/pages/user/service" data-testid="agreement-service">
        {t('auth.agreement.service')}
      </Link>
      <span>{t('auth.agreement.and')}</span>
      <Link to="/pages/user/privacy" data-testid="agreement-privacy">
        {t('auth.agreement.privacy')}
      </Link>
      {error ? (
        <p className="form-field__error" role="alert" data-testid="agreement-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
