import { authLocales } from '../../features/auth/locales';
import { activityLocales } from '../../features/activity/locales';
import { chatLocales } from '../../features/chat/locales';
import { commerceLocales } from '../../features/commerce/locales';
import { drawingLocales } from '../../features/drawing/locales';
import { helpLocales } from '../../features/help/locales';
import { imMessageLocales } from '../../features/im-message/locales';
import { meLocales } from '../../features/me/locales';
import { plazaLocales } from '../../features/plaza/locales';
import { realNameLocales } from '../../features/real-name/locales';
import { settingsLocales } from '../../features/settings/locales';
import { usersLocales } from '../../features/users/locales';
import { videoLocales } from '../../features/video/locales';
import { voiceLocales } from '../../features/voice/locales';
import { formLocales, sharedLocales } from '../../shared/i18n/locales';
import type { LocaleBundle } from '../../shared/i18n/types';

/**
 * Every area's messages, as each declares them in its `locales/index.ts` (the part it belongs to: the shell's
 * for the home and plaza tabs, else the pages'). A new feature adds its bundle here.
 */
export const localeBundles: LocaleBundle[] = [
  sharedLocales,
  plazaLocales,
  imMessageLocales,
  formLocales,
  authLocales,
  meLocales,
  usersLocales,
  realNameLocales,
  chatLocales,
  commerceLocales,
  voiceLocales,
  drawingLocales,
  videoLocales,
  activityLocales,
  helpLocales,
  settingsLocales,
];
