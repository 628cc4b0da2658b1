import { addMessages } from '../../platform/i18n/i18n.js';

// Notices of operators' commerce decisions (offline payments, refunds, ambassador reviews), whichever path took
// them: each title says what it is about, each body what was decided.
addMessages({
  console_ambassador_application_title: {
    'zh-Hans': '推广大使申请结果',
    'zh-Hant': '推廣大使申請結果',
    en: 'Ambassador application',
    es: 'Solicitud de embajador',
    fr: 'Candidature d’ambassadeur',
  },
  console_ambassador_submission_title: {
    'zh-Hans': '推广截图审核结果',
    'zh-Hant': '推廣截圖審核結果',
    en: 'Promotion screenshot review',
    es: 'Revisión de la captura',
    fr: 'Vérification de la capture',
  },
  console_offline_title: {
    'zh-Hans': '转账结果',
    'zh-Hant': '轉帳結果',
    en: 'Bank transfer',
    es: 'Transferencia bancaria',
    fr: 'Virement bancaire',
  },
  console_order_refunded_title: {
    'zh-Hans': '订单退款',
    'zh-Hant': '訂單退款',
    en: 'Refund',
    es: 'Reembolso',
    fr: 'Remboursement',
  },
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
  // A refund without a remark (the older admin path leaves it optional).
  console_order_refunded_plain: {
    'zh-Hans': '订单 {orderNo} 已退款',
    'zh-Hant': '訂單 {orderNo} 已退款',
    en: 'Order {orderNo} was refunded.',
    es: 'El pedido {orderNo} fue reembolsado.',
    fr: 'La commande {orderNo} a été remboursée.',
  },
});
