import accountMessages from '../../features/account/locales/zh-Hant';
import activityMessages from '../../features/activity/locales/zh-Hant';
import chatMessages from '../../features/chat/locales/zh-Hant';
import helpMessages from '../../features/help/locales/zh-Hant';
import realNameMessages from '../../features/real-name/locales/zh-Hant';
import settingsPagesMessages from '../../features/settings/locales/zh-Hant';
import userMessages from '../../features/user/locales/zh-Hant';
import meMessages from '../../features/me/locales/zh-Hant';
import commerceMessages from '../../features/commerce/locales/zh-Hant';
import voiceMessages from '../../features/voice/locales/zh-Hant';
import drawingMessages from '../../features/drawing/locales/zh-Hant';
import videoMessages from '../../features/video/locales/zh-Hant';
import formMessages from '../../shared/i18n/locales/zh-Hant.form';
import type { LocaleMessages } from '../../shared/i18n/types';

/** Traditional Chinese: the messages of the features beyond the home and plaza tabs, loaded with their pages (./index.ts). */
const zhHantPages: LocaleMessages = {
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

export default zhHantPages;
