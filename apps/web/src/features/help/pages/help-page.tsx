import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icons';
import { Markdown } from '../../../shared/ui/markdown';
import { faqQueryOptions } from '../api/faq';
import './help.css';

const HELP_ENTRIES = [
  { to: '/set/help/feedback', key: 'feedback' },
  { to: '/set/help/report', key: 'report' },
  { to: '/set/help/service', key: 'service' },
] as const;

/** Spec §2 help centre: the FAQ (common info category 3), collapsible, and the help entries. */
export function HelpPage() {
  const { t } = useTranslation();
  const faq = useQuery(faqQueryOptions());
  const [open, setOpen] = useState<number | null>(null);

  return (
    <div className="help-page" data-testid="help-page">
      <ul className="help-entries">
        {HELP_ENTRIES.map((entry) => (
          <li key={entry.key}>
            <Link to={entry.to} className="help-entries__item" data-testid={`help-entry-${entry.key}`}>
              {t(`helpCentre.entry.${entry.key}`)}
            </Link>
          </li>
        ))}
      </ul>
      <section className="help-card">
        <h2 className="help-card__title">{t('helpCentre.faq')}</h2>
        {faq.isPending ? (
          <p className="help-muted">{t('common.loading')}</p>
        ) : faq.isError ? (
          <LoadFailed title={t('helpCentre.loadFailed')} onRetry={() => void faq.refetch()} />
        ) : faq.data.items.length === 0 ? (
          <p className="help-muted">{t('helpCentre.faqEmpty')}</p>
        ) : (
          <ul className="help-faq">
            {faq.data.items.map((item) => {
              const expanded = open === item.id;
              return (
                <li key={item.id} className="help-faq__item" data-testid={`faq-${item.id}`}>
                  <button
                    type="button"
                    className="help-faq__question"
                    aria-expanded={expanded}
                    onClick={() => setOpen(expanded ? null : item.id)}
                  >
                    <span>{item.title}</span>
                    <Icon name="right" size={14} className={expanded ? 'help-faq__arrow help-faq__arrow--open' : 'help-faq__arrow'} />
                  </button>
                  {expanded ? <Markdown source={item.content} className="help-faq__answer" /> : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
