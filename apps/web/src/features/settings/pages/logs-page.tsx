import { useTranslation } from 'react-i18next';
import '../../../shared/ui/settings-list.css';
import './settings.css';

/** Release notes, newest first: version, date and the number of note lines in the locale. */
export const RELEASES = [
  { key: 'v152', version: '1.5.2', date: '2026-11-10', lines: 3 },
  { key: 'v151', version: '1.5.1', date: '2026-09-22', lines: 3 },
  { key: 'v150', version: '1.5.0', date: '2026-08-05', lines: 4 },
  { key: 'v140', version: '1.4.0', date: '2026-05-18', lines: 3 },
  { key: 'v130', version: '1.3.0', date: '2026-02-26', lines: 3 },
  { key: 'v120', version: '1.2.0', date: '2025-12-01', lines: 2 },
  { key: 'v100', version: '1.0.0', date: '2025-09-15', lines: 2 },
] as const;

/** Spec §2 update log: what changed in each version up to the current 1.5.2. */
export function LogsPage() {
  const { t } = useTranslation();
  return (
    <div className="settings-page" data-testid="logs-page">
      {RELEASES.map((release) => (
        <section key={release.key} className="settings-group logs-release" data-testid={`release-${release.version}`}>
          <h2 className="logs-release__title">
            {t('settingsPages.logs.version', { version: release.version })}
            <span className="settings-list__value">{release.date}</span>
          </h2>
          <ul className="logs-release__notes">
            {Array.from({ length: release.lines }, (_, i) => (
              <li key={i}>{t(`settingsPages.logs.${release.key}.n${i + 1}`)}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
