import { useTranslation } from 'react-i18next';
import { APP_VARIANT } from '../../../shared/config/app';
import '../../../shared/ui/form.css';

/**
 * Service agreement, privacy policy and user guide: real text from the locales, one string per document.
 * Blocks are separated by a blank line; a block starting with "## " is a heading.
 */
function DocPage({ doc }: { doc: 'service' | 'privacy' | 'guide' }) {
  const { t } = useTranslation();
  const text = t(`auth.doc.${doc}`, { name: t(`variant.${APP_VARIANT}.name`) });
  return (
    <article className="text-page" data-testid={`doc-${doc}`}>
      {text.split(/\n\s*\n/).map((block, index) =>
        block.startsWith('## ') ? <h2 key={index}>{block.slice(3)}</h2> : <p key={index}>{block}</p>,
      )}
    </article>
  );
}

export const ServicePage = () => <DocPage doc="service" />;
export const PrivacyPage = () => <DocPage doc="privacy" />;
export const UserGuidePage = () => <DocPage doc="guide" />;
