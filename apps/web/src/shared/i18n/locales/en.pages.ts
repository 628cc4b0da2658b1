import accountMessages from '../../../features/account/locales/en';
import activityMessages from '../../../features/activity/locales/en';
import chatMessages from '../../../features/chat/locales/en';
import helpMessages from '../../../features/help/locales/en';
import realNameMessages from '../../../features/real-name/locales/en';
import settingsPagesMessages from '../../../features/settings/locales/en';
import templatesMessages from '../../../features/templates/locales/en';
import userMessages from '../../../features/user/locales/en';
import commerceMessages from '../../../features/vip/locales/en';
import type { LocaleMessages } from '../types';

/** English: the messages of the features beyond the home and plaza tabs, loaded with their pages (../index.ts). */
const enPages: LocaleMessages = {
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

export default enPages;
