import { addMessages } from '../../platform/i18n/i18n.js';

// Account deletion: refusals and the notices of a request and a cancellation.
addMessages({
  deletion_order_in_progress: {
    'zh-Hans': '订单 {orderNo} 正在支付中，请完成支付或取消订单后再申请注销',
    'zh-Hant': '訂單 {orderNo} 正在支付中，請完成支付或取消訂單後再申請註銷',
    en: 'Order {orderNo} is being paid. Finish or cancel the payment before deleting your account.',
    es: 'El pedido {orderNo} se está pagando. Completa o cancela el pago antes de eliminar tu cuenta.',
    fr: 'La commande {orderNo} est en cours de paiement. Terminez ou annulez le paiement avant de supprimer votre compte.',
  },
  deletion_pending: {
    'zh-Hans': '已申请注销，账号将于 {due} 注销',
    'zh-Hant': '已申請註銷，帳號將於 {due} 註銷',
    en: 'Deletion already requested: the account will be deleted on {due}.',
    es: 'Ya se solicitó la eliminación: la cuenta se eliminará el {due}.',
    fr: 'Suppression déjà demandée : le compte sera supprimé le {due}.',
  },
  deletion_not_pending: {
    'zh-Hans': '账号没有待处理的注销申请',
    'zh-Hant': '帳號沒有待處理的註銷申請',
    en: 'There is no pending deletion to cancel.',
    es: 'No hay ninguna eliminación pendiente que cancelar.',
    fr: 'Aucune suppression en attente à annuler.',
  },
  deletion_no_phone: {
    'zh-Hans': '账号未绑定手机号，请使用密码验证',
    'zh-Hant': '帳號未綁定手機號，請使用密碼驗證',
    en: 'No phone is bound to this account; verify with your password.',
    es: 'Esta cuenta no tiene teléfono vinculado; verifica con tu contraseña.',
    fr: 'Aucun téléphone n’est lié à ce compte ; vérifiez avec votre mot de passe.',
  },
  deletion_password_wrong: {
    'zh-Hans': '密码错误',
    'zh-Hant': '密碼錯誤',
    en: 'Wrong password.',
    es: 'Contraseña incorrecta.',
    fr: 'Mot de passe incorrect.',
  },
  deletion_proof_required: {
    'zh-Hans': '请填写短信验证码或密码',
    'zh-Hant': '請填寫簡訊驗證碼或密碼',
    en: 'Enter the SMS code or your password.',
    es: 'Introduce el código SMS o tu contraseña.',
    fr: 'Saisissez le code SMS ou votre mot de passe.',
  },
  account_deletion_requested_title: {
    'zh-Hans': '注销申请已提交',
    'zh-Hant': '註銷申請已提交',
    en: 'Account deletion requested',
    es: 'Eliminación de cuenta solicitada',
    fr: 'Suppression du compte demandée',
  },
  account_deletion_requested: {
    'zh-Hans': '你的账号将于 {due}（北京时间）注销。在此之前重新登录即可撤销注销。',
    'zh-Hant': '你的帳號將於 {due}（北京時間）註銷。在此之前重新登入即可撤銷註銷。',
    en: 'Your account will be deleted on {due} (Beijing time). Log in again before then to cancel.',
    es: 'Tu cuenta se eliminará el {due} (hora de Pekín). Inicia sesión antes para cancelarlo.',
    fr: 'Votre compte sera supprimé le {due} (heure de Pékin). Reconnectez-vous avant pour annuler.',
  },
  account_deletion_canceled_title: {
    'zh-Hans': '已撤销注销',
    'zh-Hant': '已撤銷註銷',
    en: 'Account deletion cancelled',
    es: 'Eliminación de cuenta cancelada',
    fr: 'Suppression du compte annulée',
  },
  account_deletion_canceled: {
    'zh-Hans': '你已撤销注销申请，账号恢复正常使用。',
    'zh-Hant': '你已撤銷註銷申請，帳號恢復正常使用。',
    en: 'You cancelled the deletion; your account is back to normal.',
    es: 'Has cancelado la eliminación; tu cuenta vuelve a estar activa.',
    fr: 'Vous avez annulé la suppression ; votre compte fonctionne à nouveau normalement.',
  },
});
