import sharedMessages from '../../shared/i18n/locales/zh-Hans';
import type { LocaleMessages } from '../../shared/i18n/types';
import plazaMessages from '../../features/plaza/locales/zh-Hans';
import imMessageMessages from '../../features/im-message/locales/zh-Hans';

/** Simplified Chinese, the shell part: the shared texts and the features of the home and plaza tabs (see ./index.ts). */
const zhHansShell: LocaleMessages = {
  ...sharedMessages,
  ...plazaMessages,
  ...imMessageMessages,
};

export default zhHansShell;
