import accountMessages from '../../features/account/locales/zh-Hans';
import activityMessages from '../../features/activity/locales/zh-Hans';
import chatMessages from '../../features/chat/locales/zh-Hans';
import helpMessages from '../../features/help/locales/zh-Hans';
import realNameMessages from '../../features/real-name/locales/zh-Hans';
import settingsPagesMessages from '../../features/settings/locales/zh-Hans';
import userMessages from '../../features/user/locales/zh-Hans';
import meMessages from '../../features/me/locales/zh-Hans';
import commerceMessages from '../../features/commerce/locales/zh-Hans';
import voiceMessages from '../../features/voice/locales/zh-Hans';
import drawingMessages from '../../features/drawing/locales/zh-Hans';
import videoMessages from '../../features/video/locales/zh-Hans';
import formMessages from '../../shared/i18n/locales/zh-Hans.form';
import type { LocaleMessages } from '../../shared/i18n/types';

/** Simplified Chinese: the messages of the features beyond the home and plaza tabs, loaded with their pages (./index.ts). */
const zhHansPages: LocaleMessages = {
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

export default zhHansPages;
