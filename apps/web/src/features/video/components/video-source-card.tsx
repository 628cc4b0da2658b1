import { useTranslation } from 'react-i18next';
import { VIDEO_TEXT_MAX } from '@app/contract';
import type { VideoSource } from '../lib/use-video-source';
import { workName, type Work } from '../lib/work';
import { VideoChoice } from './video-chip';

/** The single video's source: one of my articles (or the one handed in), or a title and a text typed. */
export function VideoSourceCard({
  source,
  articles,
  articlesLoading,
  hidden,
}: {
  source: VideoSource;
  articles: Work[];
  articlesLoading: boolean;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const { articleParam } = source;
  return (
    <section className="video-card" hidden={hidden}>
      <h2 className="video-card__title">{t('video.source.title')}</h2>
      <VideoChoice
        value={source.kind}
        options={[
          { value: 'article', label: t('video.source.article') },
          { value: 'text', label: t('video.source.text') },
        ]}
        onChange={source.setKind}
        testId="source"
      />
      {source.kind === 'article' ? (
        articlesLoading ? (
          <p className="video-muted">{t('common.loading')}</p>
        ) : articles.length === 0 && !articleParam ? (
          <p className="video-muted" data-testid="no-articles">
            {t('video.source.noArticles')}
          </p>
        ) : (
          <select
            className="video-select"
            data-testid="article-select"
            value={source.articleId || ''}
            onChange={(event) => source.setArticleId(Number(event.target.value))}
          >
            <option value="">{t('video.source.pick')}</option>
            {articleParam && !articles.some((a) => a.id === articleParam) ? (
              <option value={articleParam}>{t('video.source.handed')}</option>
            ) : null}
            {articles.map((a) => (
              <option key={a.id} value={a.id}>
                {workName(a)}
              </option>
            ))}
          </select>
        )
      ) : (
        <>
          <input
            className="video-input"
            data-testid="video-title"
            value={source.title}
            maxLength={50}
            placeholder={t('video.source.titlePlaceholder')}
            onChange={(event) => source.setTitle(event.target.value)}
          />
          <textarea
            className="video-textarea"
            data-testid="video-text"
            value={source.text}
            placeholder={t('video.source.textPlaceholder')}
            onChange={(event) => source.setText(event.target.value)}
          />
          <p className="video-muted">
            {t('video.counter', { count: [...source.text].length, max: VIDEO_TEXT_MAX })}
          </p>
        </>
      )}
    </section>
  );
}
