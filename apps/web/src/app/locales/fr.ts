import sharedMessages from '../../shared/i18n/locales/fr';
import type { LocaleMessages } from '../../shared/i18n/types';
import plazaMessages from '../../features/plaza/locales/fr';
import imMessageMessages from '../../features/im-message/locales/fr';

/** French, the shell part: the shared texts and the features of the home and plaza tabs (see ./index.ts). */
const frShell: LocaleMessages = {
  ...sharedMessages,
  ...plazaMessages,
  ...imMessageMessages,
};

export default frShell;
