import type { Locale } from '@app/contract';
import type { LocaleBundle, LocaleMessages } from '../../shared/i18n/types';
import { localeBundles } from '.';

/** One part of a language as the app loads it: its areas' messages merged (for tests that read them whole). */
export const composedMessages = async (
  part: LocaleBundle['part'],
  language: Locale,
): Promise<LocaleMessages> =>
  Object.assign(
    {},
    ...(await Promise.all(
      localeBundles.map(async (b) => {
        if (b.part !== part) return {};
        if (b.part === 'shell' && language === 'zh-Hans') return b.bundled;
        return (await (b.load as Record<Locale, () => Promise<{ default: LocaleMessages }>>)[language]())
          .default;
      }),
    )),
  );
