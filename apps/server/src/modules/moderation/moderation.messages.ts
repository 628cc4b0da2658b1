import { addMessages } from '../../platform/i18n/i18n.js';

addMessages({
  picture_refused: {
    'zh-Hans': '图片未通过内容安全检查，无法上传，请更换图片',
    'zh-Hant': '圖片未通過內容安全檢查，無法上傳，請更換圖片',
    en: 'This picture did not pass our content safety check and cannot be uploaded. Please choose another one.',
    es: 'Esta imagen no ha superado la revisión de seguridad del contenido y no se puede subir. Elige otra.',
    fr: 'Cette image n’a pas passé le contrôle de sécurité du contenu et ne peut pas être envoyée. Choisissez-en une autre.',
  },
  article_not_in_review: {
    'zh-Hans': '该作品不在审核中',
    'zh-Hant': '該作品不在審核中',
    en: 'This work is not waiting for review.',
    es: 'Esta obra no está pendiente de revisión.',
    fr: 'Cette œuvre n’attend pas de vérification.',
  },
  review_approved_title: {
    'zh-Hans': '作品审核通过',
    'zh-Hant': '作品審核通過',
    en: 'Your work was approved',
    es: 'Tu obra ha sido aprobada',
    fr: 'Votre œuvre a été approuvée',
  },
  review_approved: {
    'zh-Hans': '你的作品「{excerpt}」已通过审核，现已发布到广场。',
    'zh-Hant': '你的作品「{excerpt}」已通過審核，現已發佈到廣場。',
    en: 'Your work “{excerpt}” was approved and is now on the plaza.',
    es: 'Tu obra «{excerpt}» ha sido aprobada y ya está en la plaza.',
    fr: 'Votre œuvre « {excerpt} » a été approuvée et est maintenant sur la place.',
  },
  review_rejected_title: {
    'zh-Hans': '作品审核未通过',
    'zh-Hant': '作品審核未通過',
    en: 'Your work was not approved',
    es: 'Tu obra no ha sido aprobada',
    fr: 'Votre œuvre n’a pas été approuvée',
  },
  review_rejected: {
    'zh-Hans': '你的作品「{excerpt}」未通过审核：{reason}',
    'zh-Hant': '你的作品「{excerpt}」未通過審核：{reason}',
    en: 'Your work “{excerpt}” was not approved: {reason}',
    es: 'Tu obra «{excerpt}» no ha sido aprobada: {reason}',
    fr: 'Votre œuvre « {excerpt} » n’a pas été approuvée : {reason}',
  },
});
