import { addMessages } from '../../platform/i18n/i18n.js';

// Message-centre notices the console's decisions send (stored in Chinese, the app's first language).
addMessages({
  console_ambassador_application_approved: {
    'zh-Hans': '你的推广大使申请已通过',
    'zh-Hant': '你的推廣大使申請已通過',
    en: 'Your ambassador application was approved.',
    es: 'Tu solicitud de embajador fue aprobada.',
    fr: 'Votre candidature d’ambassadeur a été acceptée.',
  },
  console_ambassador_application_rejected: {
    'zh-Hans': '你的推广大使申请未通过：{reason}',
    'zh-Hant': '你的推廣大使申請未通過：{reason}',
    en: 'Your ambassador application was declined: {reason}',
    es: 'Tu solicitud de embajador fue rechazada: {reason}',
    fr: 'Votre candidature d’ambassadeur a été refusée : {reason}',
  },
  console_ambassador_submission_approved: {
    'zh-Hans': '你的推广截图已通过审核，可以领取奖励了',
    'zh-Hant': '你的推廣截圖已通過審核，可以領取獎勵了',
    en: 'Your screenshot was approved: claim your reward.',
    es: 'Tu captura fue aprobada: reclama tu recompensa.',
    fr: 'Votre capture a été validée : réclamez votre récompense.',
  },
  console_ambassador_submission_rejected: {
    'zh-Hans': '你的推广截图未通过审核：{reason}',
    'zh-Hant': '你的推廣截圖未通過審核：{reason}',
    en: 'Your screenshot was declined: {reason}',
    es: 'Tu captura fue rechazada: {reason}',
    fr: 'Votre capture a été refusée : {reason}',
  },
  console_offline_confirmed: {
    'zh-Hans': '你的线下付款已确认，订单 {orderNo} 已到账',
    'zh-Hant': '你的線下付款已確認，訂單 {orderNo} 已到帳',
    en: 'Your transfer was confirmed: order {orderNo} is paid.',
    es: 'Tu transferencia se confirmó: el pedido {orderNo} está pagado.',
    fr: 'Votre virement est confirmé : la commande {orderNo} est payée.',
  },
  console_offline_rejected: {
    'zh-Hans': '订单 {orderNo} 未收到线下付款，已取消：{reason}',
    'zh-Hant': '訂單 {orderNo} 未收到線下付款，已取消：{reason}',
    en: 'Order {orderNo} was canceled, no transfer arrived: {reason}',
    es: 'El pedido {orderNo} se canceló, no llegó la transferencia: {reason}',
    fr: 'La commande {orderNo} est annulée, aucun virement reçu : {reason}',
  },
  console_order_refunded: {
    'zh-Hans': '订单 {orderNo} 已退款：{reason}',
    'zh-Hant': '訂單 {orderNo} 已退款：{reason}',
    en: 'Order {orderNo} was refunded: {reason}',
    es: 'El pedido {orderNo} fue reembolsado: {reason}',
    fr: 'La commande {orderNo} a été remboursée : {reason}',
  },
  console_mall_shipped: {
    'zh-Hans': '你兑换的「{name}」已发货：{courier} {trackingNo}',
    'zh-Hant': '你兌換的「{name}」已發貨：{courier} {trackingNo}',
    en: '“{name}” has shipped: {courier} {trackingNo}',
    es: '“{name}” ha sido enviado: {courier} {trackingNo}',
    fr: '« {name} » a été expédié : {courier} {trackingNo}',
  },
  console_feedback_replied: {
    'zh-Hans': '你的反馈有了回复：{reply}',
    'zh-Hant': '你的回饋有了回覆：{reply}',
    en: 'Your feedback got a reply: {reply}',
    es: 'Tu comentario tiene respuesta: {reply}',
    fr: 'Votre avis a reçu une réponse : {reply}',
  },
  console_user_granted: {
    'zh-Hans': '运营已为你调整账户：{what}（{reason}）',
    'zh-Hant': '營運已為你調整帳戶：{what}（{reason}）',
    en: 'Your account was adjusted: {what} ({reason})',
    es: 'Tu cuenta fue ajustada: {what} ({reason})',
    fr: 'Votre compte a été ajusté : {what} ({reason})',
  },
});
