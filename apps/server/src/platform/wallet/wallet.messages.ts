import { addMessages } from '../i18n/i18n.js';

addMessages({
  insufficient_gold: {
    'zh-Hans': '金币余额不足',
    'zh-Hant': '金幣餘額不足',
    en: 'Not enough gold.',
    es: 'No tienes suficiente oro.',
    fr: 'Pas assez d’or.',
  },
  insufficient_points: {
    'zh-Hans': '积分不足',
    'zh-Hant': '積分不足',
    en: 'Not enough points.',
    es: 'No tienes suficientes puntos.',
    fr: 'Pas assez de points.',
  },
});
