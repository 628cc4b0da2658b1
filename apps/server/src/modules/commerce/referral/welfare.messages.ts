import { addMessages } from '../../../platform/i18n/i18n.js';

// The welfare page's rules (texts, not errors), in the reader's language.
addMessages({
  welfare_rule_new_user: {
    'zh-Hans': '新用户注册即可领取新人专享券，输入兑换码即可领取',
    'zh-Hant': '新用戶註冊即可領取新人專享券，輸入兌換碼即可領取',
    en: 'New users get the new user coupon on sign-up: enter its redeem code to claim it.',
    es: 'Los usuarios nuevos reciben el cupón de bienvenida al registrarse: introduce su código para canjearlo.',
    fr: 'Les nouveaux inscrits reçoivent le bon de bienvenue : saisissez son code pour l’obtenir.',
  },
  welfare_rule_referral: {
    'zh-Hans': '好友填写你的推荐码并完成首单支付后，你将获得金币奖励（每位好友一次）',
    'zh-Hant': '好友填寫你的推薦碼並完成首單支付後，你將獲得金幣獎勵（每位好友一次）',
    en: 'When a friend enters your referral code and pays for a first order, you earn gold (once per friend).',
    es: 'Cuando un amigo introduce tu código de referido y paga su primer pedido, ganas oro (una vez por amigo).',
    fr: 'Quand un ami saisit votre code de parrainage et paie une première commande, vous gagnez de l’or (une fois par ami).',
  },
  welfare_rule_ambassador: {
    'zh-Hans': '成为种草官并完成任务，审核通过后可领取任务奖励（每个任务一次）',
    'zh-Hant': '成為種草官並完成任務，審核通過後可領取任務獎勵（每個任務一次）',
    en: 'Become an ambassador and complete tasks: once approved, claim each task’s reward (once per task).',
    es: 'Hazte embajador y completa tareas: una vez aprobadas, reclama la recompensa de cada una (una vez por tarea).',
    fr: 'Devenez ambassadeur et accomplissez des tâches : une fois validées, récupérez la récompense de chacune (une fois par tâche).',
  },
  welfare_rule_coupon_once: {
    'zh-Hans': '优惠券每张仅可使用一次，过期自动失效',
    'zh-Hant': '優惠券每張僅可使用一次，過期自動失效',
    en: 'Each coupon can be used once and expires automatically.',
    es: 'Cada cupón se puede usar una vez y caduca automáticamente.',
    fr: 'Chaque bon ne s’utilise qu’une fois et expire automatiquement.',
  },
});

/** The rules the welfare page lists, in order. */
export const WELFARE_RULE_KEYS = [
  'welfare_rule_new_user',
  'welfare_rule_referral',
  'welfare_rule_ambassador',
  'welfare_rule_coupon_once',
] as const;
