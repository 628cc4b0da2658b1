import sharedMessages from '../../shared/i18n/locales/en';
import type { LocaleMessages } from '../../shared/i18n/types';
import plazaMessages from '../../features/plaza/locales/en';
import imMessageMessages from '../../features/im-message/locales/en';

/** English, the shell part: the shared texts and the features of the home and plaza tabs (see ./index.ts). */
const enShell: LocaleMessages = {
  ...sharedMessages,
  ...plazaMessages,
  ...imMessageMessages,
};

export default enShell;
