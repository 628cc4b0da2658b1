import accountMessages from '../../features/account/locales/fr';
import activityMessages from '../../features/activity/locales/fr';
import chatMessages from '../../features/chat/locales/fr';
import helpMessages from '../../features/help/locales/fr';
import realNameMessages from '../../features/real-name/locales/fr';
import settingsPagesMessages from '../../features/settings/locales/fr';
import userMessages from '../../features/user/locales/fr';
import meMessages from '../../features/me/locales/fr';
import commerceMessages from '../../features/commerce/locales/fr';
import voiceMessages from '../../features/voice/locales/fr';
import drawingMessages from '../../features/drawing/locales/fr';
import videoMessages from '../../features/video/locales/fr';
import formMessages from '../../shared/i18n/locales/fr.form';
import type { LocaleMessages } from '../../shared/i18n/types';

/** French: the messages of the features beyond the home and plaza tabs, loaded with their pages (./index.ts). */
const frPages: LocaleMessages = {
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

export default frPages;
