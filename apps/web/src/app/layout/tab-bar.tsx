import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon, type IconName } from '../../shared/ui/icons';
import { TAB_ROUTES } from '../routes';
import './tab-bar.css';

const TABS: { icon: IconName; label: string }[] = [
  { icon: 'home', label: 'tab.home' },
  { icon: 'plaza', label: 'tab.plaza' },
  { icon: 'ai', label: 'tab.ai' },
  { icon: 'mine', label: 'tab.mine' },
];

/**
 * Our own bottom tab bar (spec §2, §9): 50px high, 24px icons, 10px labels, #707070 / selected #2384F5 on
 * white, safe-area padding below on notched phones. The first tab is selected when none matches.
 */
export function TabBar({ active = 0 }: { active?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav className="tab-bar" role="tablist" data-testid="tab-bar">
      {TAB_ROUTES.map((route) => {
        const tab = TABS[route.tab];
        const selected = route.tab === active;
        return (
          <button
            key={route.path}
            type="button"
            role="tab"
            aria-selected={selected}
            data-testid={`tab-${route.tab}`}
            className={selected ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item'}
            onClick={() => {
              if (!selected) void navigate(route.path, { replace: true });
            }}
          >
            <Icon name={tab?.icon ?? 'home'} size={24} />
            <span className="tab-bar__label">{t(tab?.label ?? route.titleKey)}</span>
          </button>
        );
      })}
    </nav>
  );
}
