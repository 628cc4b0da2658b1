import { addMessages } from '../../platform/i18n/i18n.js';

// The notice of an operator's grant (gold, points or VIP days, given or taken) to a user's account.
addMessages({
  console_user_granted_title: {
    'zh-Hans': '账户调整',
    'zh-Hant': '帳戶調整',
    en: 'Account update',
    es: 'Cuenta actualizada',
    fr: 'Compte mis à jour',
  },
  console_user_granted: {
    'zh-Hans': '运营已为你调整账户：{what}（{reason}）',
    'zh-Hant': '營運已為你調整帳戶：{what}（{reason}）',
    en: 'Your account was adjusted: {what} ({reason})',
    es: 'Tu cuenta fue ajustada: {what} ({reason})',
    fr: 'Votre compte a été ajusté : {what} ({reason})',
  },
});
