import accountMessages from '../../../features/account/locales/fr';
import activityMessages from '../../../features/activity/locales/fr';
import chatMessages from '../../../features/chat/locales/fr';
import helpMessages from '../../../features/help/locales/fr';
import realNameMessages from '../../../features/real-name/locales/fr';
import settingsPagesMessages from '../../../features/settings/locales/fr';
import templatesMessages from '../../../features/templates/locales/fr';
import userMessages from '../../../features/user/locales/fr';
import commerceMessages from '../../../features/vip/locales/fr';
import type { LocaleMessages } from '../types';

/** French: the messages of the features beyond the home and plaza tabs, loaded with their pages (../index.ts). */
const frPages: LocaleMessages = {
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

export default frPages;
