import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { templateListOptions } from '../api/templates';

const PICKER_SIZE = 6;

/** A few templates to start from, and the way to all of them. */
export function TemplatePicker() {
  const { t } = useTranslation();
  const list = useInfiniteQuery(templateListOptions(undefined, ''));
  const items = (list.data?.pages[0]?.items ?? []).slice(0, PICKER_SIZE);
  return (
    <section className="temps-block" data-testid="create-picker">
      <h3 className="temps-block__head">{t('temps.pickTitle')}</h3>
      {items.length ? (
        <ul className="temps-picker">
          {items.map((tpl) => (
            <li key={tpl.id}>
              <Link className="temps-picker__item" to={`/pages/index/create/index?templateId=${tpl.id}`} data-testid="create-pick">
                {tpl.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link className="temps-picker__all" to="/pages/index/temps/index" data-testid="create-all-templates">
        {t('temps.allTemplates')}
      </Link>
    </section>
  );
}
