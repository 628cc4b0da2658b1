import sharedMessages from '../../shared/i18n/locales/zh-Hant';
import type { LocaleMessages } from '../../shared/i18n/types';
import plazaMessages from '../../features/plaza/locales/zh-Hant';
import imMessageMessages from '../../features/im-message/locales/zh-Hant';

/** Traditional Chinese, the shell part: the shared texts and the features of the home and plaza tabs (see ./index.ts). */
const zhHantShell: LocaleMessages = {
  ...sharedMessages,
  ...plazaMessages,
  ...imMessageMessages,
};

export default zhHantShell;
