import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APP_VARIANT } from '../../../shared/config/app';
import { EmptyState } from '../../../shared/ui/empty-state';
import { getBannersQueryOptions } from '../api/get-banners';
import { BannerSwiper } from '../components/banner-swiper';
import { ACTIVITY_ENTRIES, EntryGrid, TOOL_ENTRIES } from '../components/entry-grid';
import './home-page.css';
import { switchTab } from '../../../shared/lib/tabs';

interface HomePageProps {
  /** The message-centre entry at the top (the app composes it from the message feature). */
  messagesEntry: ReactNode;
  /** The newest works, showing `empty` while there are none (the app composes it from the plaza feature). */
  RecentWorks: ComponentType<{ empty: ReactNode }>;
}

/** Spec §2 home tab: banner swiper (common info category 1), entries to every AI tool and activity, recent works. */
export function HomePage({ messagesEntry, RecentWorks }: HomePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banners = useQuery(getBannersQueryOptions());
  const items = banners.data ?? [];

  const openBanner = (banner: (typeof items)[number]) => {
    const link = banner.link?.trim();
    if (link && /^https?:\/\//.test(link)) window.open(link, '_blank', 'noopener');
    else if (link && link.startsWith('/')) void navigate(link);
    else void navigate(`/pages/detail/banner?id=${banner.id}`);
  };

  const hero = (
    <div className="home-hero" key="hero">
      <p className="home-hero__name">{t(`variant.${APP_VARIANT}.name`)}</p>
      <p className="home-hero__slogan">{t(`variant.${APP_VARIANT}.slogan`)}</p>
    </div>
  );

  return (
    <div className="home-page" data-testid="home-page">
      <div className="home-page__top">{messagesEntry}</div>
      <section className="home-page__banner" aria-label={t('home.bannerLabel')}>
        {items.length > 0 ? (
          <BannerSwiper
            slides={items.map((banner, i) => ({
              key: banner.id,
              label: banner.title,
              content: (
                <button type="button" className="home-banner" onClick={() => openBanner(banner)} data-testid="home-banner">
                  {banner.cover ? (
                    <img
                      className="home-banner__image"
                      src={banner.cover}
                      alt={banner.title}
                      loading={i === 0 ? 'eager' : 'lazy'}
                      decoding="async"
                    />
                  ) : null}
                  <span className="home-banner__title">{banner.title}</span>
                </button>
              ),
            }))}
          />
        ) : (
          hero
        )}
      </section>

      <section className="home-card">
        <h2 className="home-card__title">{t('home.tools')}</h2>
        <EntryGrid entries={TOOL_ENTRIES} />
      </section>

      <section className="home-card">
        <h2 className="home-card__title">{t('home.activities')}</h2>
        <EntryGrid entries={ACTIVITY_ENTRIES} columns={3} />
      </section>

      <section className="home-card" data-testid="recent-works">
        <h2 className="home-card__title">{t('home.recentWorks')}</h2>
        <RecentWorks
          empty={
            <EmptyState
              title={t('home.recentEmpty')}
              action={
                <button type="button" className="app-button app-button--ghost" onClick={() => switchTab(navigate, '/pages/plaza/index')}>
                  {t('home.goPlaza')}
                </button>
              }
            />
          }
        />
      </section>
    </div>
  );
}
