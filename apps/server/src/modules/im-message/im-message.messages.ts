import { addMessages } from '../../platform/i18n/i18n.js';

addMessages({
  message_ids_or_all: {
    'zh-Hans': '请选择消息，或选择全部已读',
    'zh-Hant': '請選擇訊息，或選擇全部已讀',
    en: 'Choose messages, or mark all as read.',
    es: 'Elige mensajes o márcalos todos como leídos.',
    fr: 'Choisissez des messages ou marquez-les tous comme lus.',
  },
  message_user_not_found: {
    'zh-Hans': '找不到该用户',
    'zh-Hant': '找不到該用戶',
    en: 'User not found.',
    es: 'Usuario no encontrado.',
    fr: 'Utilisateur introuvable.',
  },
  message_service_reply_title: {
    'zh-Hans': '客服回复',
    'zh-Hant': '客服回覆',
    en: 'Customer service reply',
    es: 'Respuesta de atención al cliente',
    fr: 'Réponse du service client',
  },
});
