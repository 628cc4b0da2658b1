import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { templateDetailQueryOptions } from '../api/templates';
import { MissingId } from '../../../shared/ui/missing-id';
import { DetailError } from '../../../shared/ui/detail-error';
import { Markdown } from '../../../shared/ui/markdown';
import './templates.css';

/** Template detail `/pages/index/temps/detail?id=`: what it writes, its fields, an example. */
export function TempDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const detail = useQuery(templateDetailQueryOptions(id));
  if (id <= 0) return <MissingId what={t('temps.what')} back="/pages/index/temps/index" />;
  if (detail.isPending) return <p className="temps-status">{t('common.loading')}</p>;
  if (!detail.data) return <DetailError error={detail.error} onRetry={() => void detail.refetch()} back="/pages/index/temps/index" />;
  const tpl = detail.data;
  return (
    <div className="temps-detail" data-testid="temps-detail">
      <section className="temps-block">
        <h2 className="temps-detail__title">{tpl.title}</h2>
        <p className="temps-detail__meta">
          {tpl.categoryName}
          {tpl.useCount > 0 ? <span data-testid="temps-uses"> · {t('temps.uses', { count: tpl.useCount })}</span> : null}
        </p>
        <p className="temps-detail__desc">{tpl.description}</p>
      </section>
      <section className="temps-block">
        <h3 className="temps-block__head">{t('temps.fields')}</h3>
        <ul className="temps-fields">
          {tpl.fields.map((f) => (
            <li key={f.name}>
              <span>{f.label}</span>
              <em>{f.required ? '*' : t('temps.optional')}</em>
            </li>
          ))}
        </ul>
      </section>
      {tpl.example ? (
        <section className="temps-block">
          <h3 className="temps-block__head">{t('temps.example')}</h3>
          {/* Examples are written in markdown (**标题：** …): shown rendered, never as raw marks. */}
          <Markdown className="temps-example" source={tpl.example} />
        </section>
      ) : null}
      <div className="temps-footer">
        <Link className="app-button temps-footer__button" to={`/pages/index/create/index?templateId=${tpl.id}`} data-testid="temps-use">
          {t('temps.use')}
        </Link>
      </div>
    </div>
  );
}
