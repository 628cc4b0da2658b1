import sharedMessages from '../../shared/i18n/locales/es';
import type { LocaleMessages } from '../../shared/i18n/types';
import plazaMessages from '../../features/plaza/locales/es';
import imMessageMessages from '../../features/im-message/locales/es';

/** Spanish, the shell part: the shared texts and the features of the home and plaza tabs (see ./index.ts). */
const esShell: LocaleMessages = {
  ...sharedMessages,
  ...plazaMessages,
  ...imMessageMessages,
};

export default esShell;
