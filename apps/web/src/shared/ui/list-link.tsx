import { Link } from 'react-router';
import { Icon } from './icons';

/**
 * One row of a grouped list that opens another screen: the label and the arrow. `list` is the list's CSS
 * block (`settings-list` on the settings screens, `mine-list` on the mine tab); the row uses its `__item` and
 * `__arrow` elements.
 */
export function ListLink({ to, label, list = 'settings-list' }: { to: string; label: string; list?: 'settings-list' | 'mine-list' }) {
  return (
    <li>
      <Link className={`${list}__item`} to={to}>
        <span>{label}</span>
        <Icon name="right" size={16} className={`${list}__arrow`} />
      </Link>
    </li>
  );
}
