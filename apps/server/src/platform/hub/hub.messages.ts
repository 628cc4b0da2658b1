import { addMessages } from '../i18n/i18n.js';

/** Messages of the hub's own refusals (the others are the error ids of the platform and the modules). */
addMessages({
  hub_method_not_found: {
    'zh-Hans': '不支持的实时操作：{method}',
    'zh-Hant': '不支援的即時操作：{method}',
    en: 'Unknown hub method {method}.',
    es: 'Método del hub desconocido: {method}.',
    fr: 'Méthode du hub inconnue : {method}.',
  },
});
