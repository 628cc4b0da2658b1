import type { Locale } from '@app/contract';

export interface LocaleMessages {
  [key: string]: string | LocaleMessages;
}

/** Loads the messages of one language. */
export type MessagesLoader = () => Promise<{ default: LocaleMessages }>;

/**
 * One area's messages in every language, as the area declares them. `shell`: the shell, home and plaza tabs show
 * them, so their zh-Hans is bundled with the app and the other languages load with the shell; `pages`: loaded
 * with the first page that needs them.
 */
export type LocaleBundle =
  | { part: 'shell'; bundled: LocaleMessages; load: Record<Exclude<Locale, 'zh-Hans'>, MessagesLoader> }
  | { part: 'pages'; load: Record<Locale, MessagesLoader> };
