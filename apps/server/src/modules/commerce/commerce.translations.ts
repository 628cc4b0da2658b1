import type { SeedCatalogue } from '../../platform/i18n/stored-translations.js';

/** The seed packages' names, descriptions and badges in zh-Hant, en, es and fr (stored as each row's `i18n`). */
export const COMMERCE_CATALOGUE: SeedCatalogue = {
  月卡会员: ['月卡會員', 'Monthly membership', 'Membresía mensual', 'Adhésion mensuelle'],
  '30 天会员：AI 提问不限次数、高清无水印导出、会员专属音色': [
    '30 天會員：AI 提問不限次數、高清無浮水印匯出、會員專屬音色',
    '30 days: unlimited AI questions, HD export without watermark, member voices',
    '30 días: preguntas ilimitadas a la IA, exportación HD sin marca de agua y voces exclusivas',
    '30 jours : questions IA illimitées, export HD sans filigrane, voix réservées',
  ],
  季卡会员: ['季卡會員', 'Quarterly membership', 'Membresía trimestral', 'Adhésion trimestrielle'],
  '90 天会员，平均每月不到 23 元': [
    '90 天會員，平均每月不到 23 元',
    '90 days, under ¥23 a month',
    '90 días, menos de 23 ¥ al mes',
    '90 jours, moins de 23 ¥ par mois',
  ],
  年卡会员: ['年卡會員', 'Annual membership', 'Membresía anual', 'Adhésion annuelle'],
  '365 天会员，另送 2000 金币，全年最划算': [
    '365 天會員，另送 2000 金幣，全年最划算',
    '365 days plus 2000 bonus gold: the best value',
    '365 días y 2000 de oro de regalo: la mejor opción',
    '365 jours et 2000 d’or offerts : le meilleur prix',
  ],
  '月卡会员（iOS）': [
    '月卡會員（iOS）',
    'Monthly membership (iOS)',
    'Membresía mensual (iOS)',
    'Adhésion mensuelle (iOS)',
  ],
  '苹果设备专用，30 天会员': [
    '蘋果裝置專用，30 天會員',
    '30 days, for Apple devices',
    '30 días, para dispositivos Apple',
    '30 jours, pour appareils Apple',
  ],
  '1000 金币': ['1000 金幣', '1000 gold', '1000 de oro', '1000 d’or'],
  '金币可用于生成视频、AI 配音和绘画': [
    '金幣可用於生成影片、AI 配音和繪畫',
    'Gold pays for videos, AI voice-overs and drawings',
    'El oro paga vídeos, doblajes con IA y dibujos',
    'L’or paie vidéos, doublages IA et dessins',
  ],
  '5000 金币': ['5000 金幣', '5000 gold', '5000 de oro', '5000 d’or'],
  '大额金币包，立省 5 元': [
    '大額金幣包，立省 5 元',
    'Big gold pack, save ¥5',
    'Pack grande de oro, ahorra 5 ¥',
    'Grand pack d’or, 5 ¥ d’économie',
  ],
  '安卓专享 3300 金币': [
    '安卓專享 3300 金幣',
    '3300 gold for Android',
    '3300 de oro para Android',
    '3300 d’or pour Android',
  ],
  '安卓用户限时特惠，多送 300 金币': [
    '安卓用戶限時特惠，多送 300 金幣',
    'Limited Android offer: 300 bonus gold',
    'Oferta limitada Android: 300 de oro extra',
    'Offre Android limitée : 300 d’or en plus',
  ],
  周卡会员: ['周卡會員', 'Weekly membership', 'Membresía semanal', 'Adhésion hebdomadaire'],
  '7 天会员（已下架）': [
    '7 天會員（已下架）',
    '7 days (withdrawn)',
    '7 días (retirada)',
    '7 jours (retirée)',
  ],
  每日免费金币: ['每日免費金幣', 'Free daily gold', 'Oro gratis diario', 'Or gratuit du jour'],
  '每天可免费领取一次，50 金币': [
    '每天可免費領取一次，50 金幣',
    '50 gold, free once a day',
    '50 de oro, gratis una vez al día',
    '50 d’or, gratuit une fois par jour',
  ],
  // Badges (tags).
  热销: ['熱銷', 'Best seller', 'Más vendido', 'Meilleure vente'],
  超值: ['超值', 'Great value', 'Gran valor', 'Bon plan'],
  推荐: ['推薦', 'Recommended', 'Recomendado', 'Recommandé'],
  送金币: ['送金幣', 'Bonus gold', 'Oro de regalo', 'Or offert'],
  '9折': ['9折', '10% off', '10 % dto.', '-10 %'],
  限时: ['限時', 'Limited time', 'Por tiempo limitado', 'Durée limitée'],
  安卓专享: ['安卓專享', 'Android only', 'Solo Android', 'Android uniquement'],
  免费: ['免費', 'Free', 'Gratis', 'Gratuit'],
};
