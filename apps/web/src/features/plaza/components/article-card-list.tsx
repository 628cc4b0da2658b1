import type { ArticleListItem } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relativeTime } from '../../../shared/lib/time';
import { HeartIcon } from './plaza-icons';
import './article-card-list.css';
import { FIRST_COVERS } from '../lib/plaza-list';
import { usePersonName } from '../../../shared/lib/person-name';

export interface ArticleCardListProps {
  items: readonly ArticleListItem[];
  /** Two columns of picture cards (plaza) or a list of rows (home, profile, drafts). */
  layout?: 'grid' | 'list';
  /** Where a card goes; default the article detail. */
  linkOf?: (item: ArticleListItem) => string;
  /** Extra controls under a card (drafts: edit, delete). */
  actions?: (item: ArticleListItem) => React.ReactNode;
  now?: number;
}

const cardTitle = (item: ArticleListItem) => item.title || item.summary;

/** Cards of the first screen (two columns, two rows): their covers load at once, the first ones first. */
const FIRST_SCREEN_CARDS = 4;

/** Plaza cards: cover, title, author avatar and name, likes, and when it was published. */
export function ArticleCardList({ items, layout = 'grid', linkOf, actions, now }: ArticleCardListProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  return (
    <ul className={`article-cards article-cards--${layout}`} data-testid="article-cards">
      {items.map((item, index) => (
        <li key={item.id} className="article-card" data-testid="article-card" data-id={item.id}>
          <Link className="article-card__link" to={linkOf ? linkOf(item) : `/pages/detail/article?id=${item.id}`}>
            {item.cover ? (
              // The first covers are the page's largest paint: not lazy (that waited for layout), fetched first.
              <img
                className="article-card__cover"
                src={item.cover}
                alt=""
                loading={index < FIRST_SCREEN_CARDS ? 'eager' : 'lazy'}
                fetchPriority={index < FIRST_COVERS ? 'high' : 'auto'}
                decoding="async"
              />
            ) : (
              <div className="article-card__summary">
                {/* The clamp is on the inner text: on a padded box the next line would show, half cut, in the padding. */}
                <p className="article-card__summary-text">{item.summary}</p>
              </div>
            )}
            <div className="article-card__body">
              <p className="article-card__title">
                {item.declaration === 'ai_generated' ? (
                  <span className="article-card__ai" data-testid="article-card-ai">
                    {t('plaza.aiTag')}
                  </span>
                ) : null}
                <span data-testid="article-card-title">{cardTitle(item)}</span>
              </p>
              <div className="article-card__meta">
                <img className="article-card__avatar" src={item.author.avatar} alt="" width={20} height={20} loading="lazy" />
                <span className="article-card__author">{personName(item.author.nickName)}</span>
                <span className={item.liked ? 'article-card__likes article-card__likes--on' : 'article-card__likes'} aria-label={t('plaza.likes', { count: item.likeCount })}>
                  <HeartIcon filled={item.liked} />
                  <span data-testid="article-card-likes">{item.likeCount}</span>
                </span>
              </div>
              <p className="article-card__time">{relativeTime(item.publishTime ?? item.updateTime, t, now)}</p>
            </div>
          </Link>
          {actions ? <div className="article-card__actions">{actions(item)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
