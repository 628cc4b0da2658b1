import { addMessages } from '../../platform/i18n/i18n.js';

// The welcome notice of a new account (one form of address, 你; the body does not repeat the title).
addMessages({
  welcome_gift_title: {
    'zh-Hans': '新人礼包已到账',
    'zh-Hant': '新人禮包已到帳',
    en: 'Your welcome gift has arrived',
    es: 'Tu regalo de bienvenida ha llegado',
    fr: 'Votre cadeau de bienvenue est arrivé',
  },
  welcome_gift_content: {
    'zh-Hans': '{gold} 金币和 {points} 积分已存入你的账户，可用于绘画、配音和视频创作。',
    'zh-Hant': '{gold} 金幣和 {points} 積分已存入你的帳戶，可用於繪畫、配音和影片創作。',
    en: '{gold} gold and {points} points are in your account, ready for drawings, dubbing and videos.',
    es: '{gold} de oro y {points} puntos ya están en tu cuenta para dibujos, doblajes y vídeos.',
    fr: '{gold} pièces d’or et {points} points sont sur votre compte, pour des dessins, des doublages et des vidéos.',
  },
  welcome_gift_content_vip: {
    'zh-Hans': '{gold} 金币、{points} 积分和 {days} 天会员已存入你的账户，可用于绘画、配音和视频创作。',
    'zh-Hant': '{gold} 金幣、{points} 積分和 {days} 天會員已存入你的帳戶，可用於繪畫、配音和影片創作。',
    en: '{gold} gold, {points} points and {days} days of membership are in your account, ready for drawings, dubbing and videos.',
    es: '{gold} de oro, {points} puntos y {days} días de membresía ya están en tu cuenta para dibujos, doblajes y vídeos.',
    fr: '{gold} pièces d’or, {points} points et {days} jours d’abonnement sont sur votre compte, pour des dessins, des doublages et des vidéos.',
  },
});
