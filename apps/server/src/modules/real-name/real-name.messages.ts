import { addMessages } from '../../platform/i18n/i18n.js';

addMessages({
  invalid_real_name: {
    'zh-Hans': '请输入真实姓名',
    'zh-Hant': '請輸入真實姓名',
    en: 'Enter your real name.',
    es: 'Introduce tu nombre real.',
    fr: 'Saisissez votre vrai nom.',
  },
  real_name_exists: {
    'zh-Hans': '已提交过实名认证',
    'zh-Hant': '已提交過實名認證',
    en: 'You have already submitted your verification.',
    es: 'Ya has enviado tu verificación.',
    fr: 'Vous avez déjà envoyé votre vérification.',
  },
  real_name_not_found: {
    'zh-Hans': '尚未提交实名认证',
    'zh-Hant': '尚未提交實名認證',
    en: 'You have not submitted a verification yet.',
    es: 'Aún no has enviado ninguna verificación.',
    fr: 'Vous n’avez encore envoyé aucune vérification.',
  },
  real_name_approved: {
    'zh-Hans': '实名认证已通过，无法修改',
    'zh-Hant': '實名認證已通過，無法修改',
    en: 'Your verification is approved and can no longer be changed.',
    es: 'Tu verificación está aprobada y ya no se puede cambiar.',
    fr: 'Votre vérification est approuvée et ne peut plus être modifiée.',
  },
  real_name_not_pending: {
    'zh-Hans': '该认证不在待审核状态',
    'zh-Hant': '該認證不在待審核狀態',
    en: 'This verification is not pending.',
    es: 'Esta verificación no está pendiente.',
    fr: 'Cette vérification n’est pas en attente.',
  },
  real_name_disabled: {
    'zh-Hans': '当前无需实名认证',
    'zh-Hant': '目前無需實名認證',
    en: 'Identity verification is not required at the moment.',
    es: 'Ahora no se requiere verificación de identidad.',
    fr: 'La vérification d’identité n’est pas requise pour le moment.',
  },
  id_card_image_invalid: {
    'zh-Hans': '身份证照片无效，请重新上传',
    'zh-Hant': '身分證照片無效，請重新上傳',
    en: 'Invalid ID card photo. Please upload it again.',
    es: 'Foto del documento no válida. Súbela de nuevo.',
    fr: 'Photo de la carte d’identité invalide. Envoyez-la à nouveau.',
  },
  real_name_review_title: {
    'zh-Hans': '实名认证结果',
    'zh-Hant': '實名認證結果',
    en: 'Identity verification',
    es: 'Verificación de identidad',
    fr: 'Vérification d’identité',
  },
  real_name_approved_notice: {
    'zh-Hans': '你的实名认证已通过审核',
    'zh-Hant': '你的實名認證已通過審核',
    en: 'Your identity verification has been approved.',
    es: 'Tu verificación de identidad ha sido aprobada.',
    fr: 'Votre vérification d’identité a été approuvée.',
  },
  real_name_rejected_notice: {
    'zh-Hans': '你的实名认证未通过审核：{reason}。请修改后重新提交',
    'zh-Hant': '你的實名認證未通過審核：{reason}。請修改後重新提交',
    en: 'Your identity verification was rejected: {reason}. Please correct it and submit again.',
    es: 'Tu verificación de identidad fue rechazada: {reason}. Corrígela y envíala de nuevo.',
    fr: 'Votre vérification d’identité a été refusée : {reason}. Corrigez-la et renvoyez-la.',
  },
});
