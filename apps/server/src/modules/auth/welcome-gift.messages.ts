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
  welcome_gift_withheld_title: {
    'zh-Hans': '注册成功，本次没有新人礼包',
    'zh-Hant': '註冊成功，本次沒有新人禮包',
    en: 'Signed up, without the welcome gift',
    es: 'Registro completado, sin regalo de bienvenida',
    fr: 'Inscription réussie, sans cadeau de bienvenue',
  },
  welcome_gift_withheld_device: {
    'zh-Hans': '这台设备已经领取过新人礼包，每台设备只能领取一次。你的账户可以正常使用。',
    'zh-Hant': '這台裝置已經領取過新人禮包，每台裝置只能領取一次。你的帳戶可以正常使用。',
    en: 'This device has already received a welcome gift; each device gets one. Your account works as usual.',
    es: 'Este dispositivo ya recibió un regalo de bienvenida; cada dispositivo recibe uno. Tu cuenta funciona con normalidad.',
    fr: 'Cet appareil a déjà reçu un cadeau de bienvenue ; chaque appareil n’en reçoit qu’un. Votre compte fonctionne normalement.',
  },
  welcome_gift_withheld_ip: {
    'zh-Hans': '你所在的网络今天已领取 {limit} 份新人礼包，已达每日上限。你的账户可以正常使用。',
    'zh-Hant': '你所在的網路今天已領取 {limit} 份新人禮包，已達每日上限。你的帳戶可以正常使用。',
    en: 'Your network has received {limit} welcome gifts today, the daily limit. Your account works as usual.',
    es: 'Tu red ya recibió hoy {limit} regalos de bienvenida, el límite diario. Tu cuenta funciona con normalidad.',
    fr: 'Votre réseau a déjà reçu {limit} cadeaux de bienvenue aujourd’hui, la limite quotidienne. Votre compte fonctionne normalement.',
  },
});
