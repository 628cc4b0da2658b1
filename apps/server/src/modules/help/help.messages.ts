import { addMessages } from '../../platform/i18n/i18n.js';

addMessages({
  feedback_image_invalid: {
    'zh-Hans': '图片无效，请重新上传',
    'zh-Hant': '圖片無效，請重新上傳',
    en: 'An image is not valid. Please upload it again.',
    es: 'Una imagen no es válida. Vuelve a subirla.',
    fr: 'Une image n’est pas valide. Veuillez la téléverser à nouveau.',
  },
  feedback_not_found: {
    'zh-Hans': '反馈不存在',
    'zh-Hant': '回饋不存在',
    en: 'Feedback not found.',
    es: 'Comentario no encontrado.',
    fr: 'Avis introuvable.',
  },
  service_user_not_found: {
    'zh-Hans': '用户不存在',
    'zh-Hant': '使用者不存在',
    en: 'User not found.',
    es: 'Usuario no encontrado.',
    fr: 'Utilisateur introuvable.',
  },
  feedback_reply_title: {
    'zh-Hans': '你的反馈有回复了',
    'zh-Hant': '你的回饋有回覆了',
    en: 'Your feedback has a reply',
    es: 'Tu comentario tiene respuesta',
    fr: 'Votre avis a reçu une réponse',
  },
});
