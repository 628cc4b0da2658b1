import { ROBOT_USER_ID, SERVICE_USER_ID, type Locale } from '@app/contract';
import { localize } from '../../platform/i18n/stored-translations.js';

/**
 * A user's name as a reader sees it: the robot's and customer service's in the reader's language, from the
 * translations the seed stores in their `metadata.i18n`. Only theirs: anyone else's metadata is the user's own to
 * write, and their name reads as they chose it.
 */
export const displayName = (
  user: { id: number; metadata: Record<string, unknown> },
  nickName: string,
  locale: Locale,
): string =>
  user.id === ROBOT_USER_ID || user.id === SERVICE_USER_ID
    ? localize({ nickName }, user.metadata.i18n, locale).nickName
    : nickName;
