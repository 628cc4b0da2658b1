import { useTranslation } from 'react-i18next';
import { Icon } from '../../shared/ui/icons';
import './nav-bar.css';

/** The custom navigation bar of every page (spec §2): back on the left, title in the middle. */
export function NavBar({ title, onBack }: { title: string; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="nav-bar" data-testid="nav-bar">
      <div className="nav-bar__inner">
        {onBack ? (
          <button type="button" className="nav-bar__back" onClick={onBack} aria-label={t('common.back')} data-testid="nav-back">
            <Icon name="back" size={22} />
          </button>
        ) : null}
        <h1 className="nav-bar__title" data-testid="nav-title">
          {title}
        </h1>
      </div>
    </header>
  );
}
