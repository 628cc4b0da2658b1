import accountMessages from '../../../features/account/locales/zh-Hant';
import activityMessages from '../../../features/activity/locales/zh-Hant';
import chatMessages from '../../../features/chat/locales/zh-Hant';
import helpMessages from '../../../features/help/locales/zh-Hant';
import realNameMessages from '../../../features/real-name/locales/zh-Hant';
import settingsPagesMessages from '../../../features/settings/locales/zh-Hant';
import templatesMessages from '../../../features/templates/locales/zh-Hant';
import userMessages from '../../../features/user/locales/zh-Hant';
import commerceMessages from '../../../features/vip/locales/zh-Hant';
import type { LocaleMessages } from '../types';

/** Traditional Chinese: the messages of the features beyond the home and plaza tabs, loaded with their pages (../index.ts). */
const zhHantPages: LocaleMessages = {
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

export default zhHantPages;
