import accountMessages from '../../../features/account/locales/es';
import activityMessages from '../../../features/activity/locales/es';
import chatMessages from '../../../features/chat/locales/es';
import helpMessages from '../../../features/help/locales/es';
import realNameMessages from '../../../features/real-name/locales/es';
import settingsPagesMessages from '../../../features/settings/locales/es';
import templatesMessages from '../../../features/templates/locales/es';
import userMessages from '../../../features/user/locales/es';
import commerceMessages from '../../../features/vip/locales/es';
import type { LocaleMessages } from '../types';

/** Spanish: the messages of the features beyond the home and plaza tabs, loaded with their pages (../index.ts). */
const esPages: LocaleMessages = {
  ...userMessages,
  ...accountMessages,
  ...realNameMessages,
  ...chatMessages,
  ...templatesMessages,
  ...commerceMessages,
  ...activityMessages,
  ...helpMessages,
  ...settingsPagesMessages,
};

export default esPages;
