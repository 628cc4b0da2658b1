import { addMessages } from '../../platform/i18n/i18n.js';

addMessages({
  wechat_not_configured: {
    'zh-Hans': '暂未开通微信分享功能',
    'zh-Hant': '暫未開通微信分享功能',
    en: 'WeChat sharing is not set up on this server.',
    es: 'Compartir en WeChat no está configurado en este servidor.',
    fr: 'Le partage WeChat n’est pas configuré sur ce serveur.',
  },
  wechat_unavailable: {
    'zh-Hans': '微信服务暂时不可用，请稍后再试',
    'zh-Hant': '微信服務暫時不可用，請稍後再試',
    en: 'WeChat is not answering right now. Please try again later.',
    es: 'WeChat no responde en este momento. Inténtalo más tarde.',
    fr: 'WeChat ne répond pas pour le moment. Réessayez plus tard.',
  },
});
