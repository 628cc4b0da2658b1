import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../components/drawing.css';

/** Example prompts of the guide: each fills the drawing form. */
const EXAMPLES = [
  { key: 'city', style: 'watercolor', ratio: '3:4' },
  { key: 'cat', style: 'anime', ratio: '1:1' },
  { key: 'mountain', style: 'ink', ratio: '16:9' },
  { key: 'neon', style: 'cyberpunk', ratio: '9:16' },
] as const;
const TIPS = ['subject', 'detail', 'style', 'negative', 'translate'] as const;

/** Spec §2 /draw/me/tutorial: how to write a prompt, with examples that fill the form. */
export function TutorialPage() {
  const { t } = useTranslation();
  return (
    <div className="draw-page" data-testid="tutorial-page">
      <section className="draw-panel">
        <h2 className="draw-label">{t('drawing.tutorial.howTitle')}</h2>
        <ol>
          {TIPS.map((tip) => (
            <li key={tip} className="draw-muted" style={{ color: '#333' }}>
              {t(`drawing.tutorial.tips.${tip}`)}
            </li>
          ))}
        </ol>
      </section>
      <section className="draw-panel">
        <h2 className="draw-label">{t('drawing.tutorial.examplesTitle')}</h2>
        {EXAMPLES.map((example) => {
          const prompt = t(`drawing.tutorial.examples.${example.key}`);
          const query = new URLSearchParams({ prompt, style: example.style, ratio: example.ratio });
          return (
            <div key={example.key} className="draw-example">
              <p style={{ margin: '0 0 0.25rem' }}>{prompt}</p>
              <p className="draw-muted">
                {t(`drawing.styles.${example.style}`)} · {example.ratio} ·{' '}
                <Link to={`/draw/index?${query}`} data-testid={`tutorial-use-${example.key}`}>
                  {t('drawing.tutorial.use')}
                </Link>
              </p>
            </div>
          );
        })}
      </section>
      <section className="draw-panel">
        <h2 className="draw-label">{t('drawing.tutorial.costTitle')}</h2>
        <p className="draw-muted">{t('drawing.tutorial.cost')}</p>
      </section>
    </div>
  );
}
