import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPathEnabled, useFeatureConfig } from '../../../shared/config/feature-config';
import { Icon, type IconName } from '../../../shared/ui/icons';
import './entry-grid.css';

export interface Entry {
  key: string;
  icon: IconName;
  to: string;
  /** Icon tile colours. */
  tint: [string, string];
}

/** Spec §2 home: one entry to each AI tool and each activity. */
export const TOOL_ENTRIES: Entry[] = [
  { key: 'copy', icon: 'copy', to: '/pages/index/ai', tint: ['#E8F1FE', '#2384F5'] },
  { key: 'create', icon: 'create', to: '/pages/index/create/index', tint: ['#EEEBFF', '#6A5CFF'] },
  { key: 'draw', icon: 'draw', to: '/draw/index', tint: ['#FFF0E6', '#FF7A1A'] },
  { key: 'dub', icon: 'dub', to: '/media/dub/index', tint: ['#E6F8F1', '#12B886'] },
  { key: 'video', icon: 'video', to: '/media/video/index', tint: ['#FFEBF1', '#F5487F'] },
  { key: 'temps', icon: 'temps', to: '/pages/index/temps/index', tint: ['#E9F6FF', '#1C9BE6'] },
];

export const ACTIVITY_ENTRIES: Entry[] = [
  { key: 'sign', icon: 'sign', to: '/activity/sign/index', tint: ['#FFF6E0', '#F5A300'] },
  { key: 'exchange', icon: 'exchange', to: '/activity/exchange/index', tint: ['#FFEDEB', '#F0503C'] },
  { key: 'lucky', icon: 'lucky', to: '/activity/lucky/index', tint: ['#F3EBFF', '#9B5CFF'] },
  { key: 'vote', icon: 'vote', to: '/activity/votePage/votePage', tint: ['#E6F8F1', '#12B886'] },
  { key: 'welfare', icon: 'welfare', to: '/pages/detail/welfare', tint: ['#FFEBF1', '#F5487F'] },
  { key: 'popularize', icon: 'popularize', to: '/pages/detail/popularize', tint: ['#E8F1FE', '#2384F5'] },
];

export function EntryGrid({ entries, columns = 3 }: { entries: Entry[]; columns?: number }) {
  const { t } = useTranslation();
  // Entries of features the variant's config switches off are not offered.
  const config = useFeatureConfig();
  return (
    <ul className="entry-grid" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {entries.filter((entry) => isPathEnabled(config, entry.to)).map((entry) => (
        <li key={entry.key}>
          <Link className="entry-grid__item" to={entry.to} data-testid={`entry-${entry.key}`}>
            <span className="entry-grid__icon" style={{ background: entry.tint[0], color: entry.tint[1] }}>
              <Icon name={entry.icon} size={26} />
            </span>
            <span className="entry-grid__label">{t(`home.entry.${entry.key}`)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
