import accountMessages from '../../features/account/locales/en';
import activityMessages from '../../features/activity/locales/en';
import chatMessages from '../../features/chat/locales/en';
import helpMessages from '../../features/help/locales/en';
import realNameMessages from '../../features/real-name/locales/en';
import settingsPagesMessages from '../../features/settings/locales/en';
import userMessages from '../../features/user/locales/en';
import meMessages from '../../features/me/locales/en';
import commerceMessages from '../../features/commerce/locales/en';
import voiceMessages from '../../features/voice/locales/en';
import drawingMessages from '../../features/drawing/locales/en';
import videoMessages from '../../features/video/locales/en';
import formMessages from '../../shared/i18n/locales/en.form';
import type { LocaleMessages } from '../../shared/i18n/types';

/** English: the messages of the features beyond the home and plaza tabs, loaded with their pages (./index.ts). */
const enPages: LocaleMessages = {
  ...formMessages,
  ...userMessages,
  ...meMessages,
  ...accountMessages,
  ...realNameMessages,
  ...chatMessages,
  ...commerceMessages,
  ...voiceMessages,
  ...drawingMessages,
  ...videoMessages,
  ...activityMessages,
  ...helpMessages,
  ...settingsPagesMessages,
};

export default enPages;
