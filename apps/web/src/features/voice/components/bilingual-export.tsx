import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMakeBilingual } from '../api/bilingual';
import { saveSrt } from './srt-file';

/** Languages offered for a bilingual file (the UI's own, and a few common targets). */
const TARGETS = ['en', 'zh-Hans', 'zh-Hant', 'ja', 'ko', 'es', 'fr'] as const;

/**
 * Bilingual subtitles of a finished task (original plus translation in one file, or the translation alone):
 * the server's text provider translates, every cue keeps its timing.
 */
export function BilingualExport({ id, kind, name }: { id: number; kind: 'tts' | 'asr'; name: string }) {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<string>(i18n.language.startsWith('zh') ? 'en' : 'zh-Hans');
  const make = useMakeBilingual();
  return (
    <span className="voice-bilingual">
      <select
        className="dub-select"
        data-testid="bilingual-lang"
        aria-label={t('voice.bilingual.lang')}
        value={lang}
        onChange={(event) => setLang(event.target.value)}
      >
        {TARGETS.map((code) => (
          <option key={code} value={code}>
            {t(`voice.bilingual.langs.${code}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="voice-button voice-button--ghost"
        data-testid="bilingual-make"
        disabled={make.isPending}
        onClick={() =>
          make.mutate({ id, kind, lang }, {
            onSuccess: (result) => {
              saveSrt(result.bilingual, `${name}.${lang}.bilingual.srt`);
              saveSrt(result.translated, `${name}.${lang}.srt`);
            },
          })
        }
      >
        {make.isPending ? t('common.loading') : t('voice.bilingual.make')}
      </button>
    </span>
  );
}
