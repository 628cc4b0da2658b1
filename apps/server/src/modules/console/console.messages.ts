import { addMessages } from '../../platform/i18n/i18n.js';

// Message-centre notices the console's decisions send (stored in Chinese, the app's first language).
addMessages({
  // Titles of the decisions' notices (the body says what was decided, the title only what it is about).
  console_user_granted_title: {
    'zh-Hans': '账户调整',
    'zh-Hant': '帳戶調整',
    en: 'Account update',
    es: 'Cuenta actualizada',
    fr: 'Compte mis à jour',
  },
  console_feedback_replied: {
    'zh-Hans': '你的反馈有了回复：{reply}',
    'zh-Hant': '你的回饋有了回覆：{reply}',
    en: 'Your feedback got a reply: {reply}',
    es: 'Tu comentario tiene respuesta: {reply}',
    fr: 'Votre avis a reçu une réponse : {reply}',
  },
  console_user_granted: {
    'zh-Hans': '运营已为你调整账户：{what}（{reason}）',
    'zh-Hant': '營運已為你調整帳戶：{what}（{reason}）',
    en: 'Your account was adjusted: {what} ({reason})',
    es: 'Tu cuenta fue ajustada: {what} ({reason})',
    fr: 'Votre compte a été ajusté : {what} ({reason})',
  },
});
