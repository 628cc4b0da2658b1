import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DRAW_TITLE_MAX } from '@app/contract';
import { showToast } from '../../../shared/ui/feedback';
import { EmptyState } from '../../../shared/ui/empty-state';
import { drawTaskQueryOptions } from '../api/draw-task';
import { myDrawingsQueryOptions } from '../api/my-drawings';
import { usePublishDrawing } from '../api/publish-drawing';
import '../components/drawing.css';

/** Spec §2 /draw/publish/canema: publish a finished work of mine to the hall with a title. */
export function PublishPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [picked, setPicked] = useState(Number(params.get('id')) || 0);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const finished = useQuery({ ...myDrawingsQueryOptions(false), enabled: !picked });
  const task = useQuery({ ...drawTaskQueryOptions(picked), enabled: picked > 0 });
  const publish = usePublishDrawing();

  if (!picked) {
    const choices = finished.data?.items.filter((x) => x.status === 'succeeded') ?? [];
    if (finished.isPending) return <p className="draw-page draw-muted">{t('common.loading')}</p>;
    if (!choices.length)
      return (
        <EmptyState
          title={t('drawing.publish.nothing')}
          action={
            <Link className="app-button" to="/draw/index">
              {t('drawing.form.submit')}
            </Link>
          }
        />
      );
    return (
      <div className="draw-page">
        <p className="draw-label">{t('drawing.publish.pick')}</p>
        <ul className="draw-cards">
          {choices.map((x) => (
            <li key={x.id}>
              <button
                type="button"
                className="draw-card"
                style={{ border: 0, padding: 0, width: '100%' }}
                onClick={() => setPicked(x.id)}
              >
                <img className="draw-card__image" src={x.images[0]?.thumbUrl} alt={x.prompt} />
                <span className="draw-card__body draw-card__title">{x.prompt}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const handlePublish = () => {
    setProblem(null);
    if (!title.trim()) return setProblem(t('drawing.publish.needTitle'));
    publish.mutate(
      { id: picked, title: title.trim() },
      {
        onSuccess: () => {
          showToast(t('drawing.publish.done'), 'success');
          void navigate(`/draw/home/detail?id=${picked}`, { replace: true });
        },
      },
    );
  };
  const image = task.data?.images[0];
  return (
    <div className="draw-page" data-testid="publish-page">
      {image ? (
        <img
          className="draw-card__image"
          style={{ borderRadius: '0.75rem' }}
          src={image.url}
          alt={task.data?.prompt}
        />
      ) : null}
      <section className="draw-panel" style={{ marginTop: '0.75rem' }}>
        <p className="draw-label">{t('drawing.publish.title')}</p>
        <input
          className="draw-input"
          data-testid="publish-title"
          maxLength={DRAW_TITLE_MAX}
          value={title}
          placeholder={t('drawing.publish.placeholder')}
          onChange={(e) => setTitle(e.target.value)}
        />
        <p className="draw-muted">{t('drawing.publish.hint')}</p>
        {problem ? (
          <p className="draw-error" role="alert">
            {problem}
          </p>
        ) : null}
        <button
          type="button"
          className="draw-button"
          data-testid="publish-submit"
          disabled={publish.isPending || !task.data}
          onClick={handlePublish}
        >
          {t('drawing.publish.submit')}
        </button>
      </section>
    </div>
  );
}
