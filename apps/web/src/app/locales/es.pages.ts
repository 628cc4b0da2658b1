import accountMessages from '../../features/account/locales/es';
import activityMessages from '../../features/activity/locales/es';
import chatMessages from '../../features/chat/locales/es';
import helpMessages from '../../features/help/locales/es';
import realNameMessages from '../../features/real-name/locales/es';
import settingsPagesMessages from '../../features/settings/locales/es';
import userMessages from '../../features/user/locales/es';
import meMessages from '../../features/me/locales/es';
import commerceMessages from '../../features/commerce/locales/es';
import voiceMessages from '../../features/voice/locales/es';
import drawingMessages from '../../features/drawing/locales/es';
import videoMessages from '../../features/video/locales/es';
import formMessages from '../../shared/i18n/locales/es.form';
import type { LocaleMessages } from '../../shared/i18n/types';

/** Spanish: the messages of the features beyond the home and plaza tabs, loaded with their pages (./index.ts). */
const esPages: LocaleMessages = {
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

export default esPages;
