import accountMessages from '../../../features/account/locales/zh-Hans';
import activityMessages from '../../../features/activity/locales/zh-Hans';
import chatMessages from '../../../features/chat/locales/zh-Hans';
import helpMessages from '../../../features/help/locales/zh-Hans';
import realNameMessages from '../../../features/real-name/locales/zh-Hans';
import settingsPagesMessages from '../../../features/settings/locales/zh-Hans';
import templatesMessages from '../../../features/templates/locales/zh-Hans';
import userMessages from '../../../features/user/locales/zh-Hans';
import commerceMessages from '../../../features/vip/locales/zh-Hans';
import type { LocaleMessages } from '../types';

/** Simplified Chinese: the messages of the features beyond the home and plaza tabs, loaded with their pages (../index.ts). */
const zhHansPages: LocaleMessages = {
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

export default zhHansPages;
