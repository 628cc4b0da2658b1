import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DRAW_ARTICLE_MAX_PARAGRAPHS, DRAW_PROMPT_MAX, type DrawTask } from '@app/contract';
import { drawOptionsQueryOptions } from '../api/draw-options';
import { useIllustrateParagraphs } from '../api/imagine';
import { myArticlesQueryOptions, useLoadArticleText } from '../api/my-articles';
import { DrawCard } from '../components/draw-card';
import '../components/drawing.css';

/** The paragraphs of a text worth a picture: markdown marks dropped, blank ones skipped, at most four. */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n|\n/)
    .map((p) => p.replace(/!\[[^\]]*\]\([^)]*\)|[#>*_`~-]+/g, '').trim())
    .filter((p) => [...p].length >= 4)
    .slice(0, DRAW_ARTICLE_MAX_PARAGRAPHS)
    .map((p) => [...p].slice(0, DRAW_PROMPT_MAX).join(''));

/** Spec §2 /draw/publish/article: pick one of my articles or paste text; one illustration per paragraph. */
export function ArticlePage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [made, setMade] = useState<DrawTask[]>([]);
  const options = useQuery(drawOptionsQueryOptions());
  const articles = useQuery(myArticlesQueryOptions());
  const pickArticle = useLoadArticleText();
  const paragraphs = paragraphsOf(text);
  const illustrate = useIllustrateParagraphs();
  const cost = (options.data?.goldPerImage ?? 0) * paragraphs.length;

  return (
    <div className="draw-page" data-testid="article-page">
      {articles.data?.items.length ? (
        <section className="draw-panel">
          <p className="draw-label">{t('drawing.article.pick')}</p>
          <div className="draw-chips">
            {articles.data.items.map((a) => (
              <button key={a.id} type="button" className="draw-chip" onClick={() => pickArticle.mutate(a.id, { onSuccess: setText })}>
                {a.title || t('drawing.article.untitled')}
              </button>
            ))}
          </div>
        </section>
      ) : null}
      <section className="draw-panel">
        <p className="draw-label">{t('drawing.article.paste')}</p>
        <textarea
          className="draw-textarea"
          data-testid="article-text"
          value={text}
          placeholder={t('drawing.article.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="draw-muted" data-testid="article-paragraphs">
          {t('drawing.article.paragraphs', { count: paragraphs.length, max: DRAW_ARTICLE_MAX_PARAGRAPHS })}
        </p>
        {options.data ? (
          <p className="draw-cost">
            {t('drawing.form.cost', {
              gold: cost,
              count: paragraphs.length,
              price: options.data.goldPerImage,
            })}
          </p>
        ) : null}
        <button
          type="button"
          className="draw-button"
          data-testid="article-submit"
          disabled={!paragraphs.length || illustrate.isPending}
          onClick={() => illustrate.mutate(paragraphs, { onSuccess: setMade })}
        >
          {t('drawing.article.submit')}
        </button>
      </section>
      {made.length ? (
        <>
          <p className="draw-muted">
            {t('drawing.article.started')} <Link to="/draw/me/info">{t('drawing.form.mine')}</Link>
          </p>
          <ul className="draw-cards">
            {made.map((task) => (
              <li key={task.id}>
                <DrawCard task={task} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
