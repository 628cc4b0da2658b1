import type { SeedCatalogue } from '../../platform/i18n/stored-translations.js';

/**
 * The seed's points-mall items, lucky-wheel prizes and food-vote dishes in zh-Hant, en, es and fr (stored as each
 * row's `i18n`).
 */
export const ACTIVITY_CATALOGUE: SeedCatalogue = {
  // Points mall.
  视频会员月卡: [
    '影片會員月卡',
    'Video membership, 1 month',
    'Membresía de vídeo, 1 mes',
    'Adhésion vidéo, 1 mois',
  ],
  '30 天会员权益：AI 视频、配音不限次数': [
    '30 天會員權益：AI 影片、配音不限次數',
    '30 days of membership: unlimited AI videos and voice-overs',
    '30 días de membresía: vídeos y doblajes con IA ilimitados',
    '30 jours d’adhésion : vidéos et doublages IA illimités',
  ],
  '7 天会员体验卡': [
    '7 天會員體驗卡',
    '7-day membership trial',
    'Prueba de membresía de 7 días',
    'Essai d’adhésion de 7 jours',
  ],
  '7 天会员权益，先体验再决定': [
    '7 天會員權益，先體驗再決定',
    '7 days of membership: try before you decide',
    '7 días de membresía: pruébala antes de decidir',
    '7 jours d’adhésion : essayez avant de décider',
  ],
  '金币包（12000 金币）': [
    '金幣包（12000 金幣）',
    'Gold pack (12000 gold)',
    'Pack de oro (12000 de oro)',
    'Pack d’or (12000 d’or)',
  ],
  '可用于生成视频、AI 配音等付费功能': [
    '可用於生成影片、AI 配音等付費功能',
    'Pays for videos, AI voice-overs and other paid features',
    'Paga vídeos, doblajes con IA y otras funciones de pago',
    'Paie vidéos, doublages IA et autres fonctions payantes',
  ],
  '会员优惠券 10 元': [
    '會員優惠券 10 元',
    '¥10 membership coupon',
    'Cupón de membresía de 10 ¥',
    'Bon d’adhésion de 10 ¥',
  ],
  '开通任意会员套餐立减 10 元': [
    '開通任意會員套餐立減 10 元',
    '¥10 off any membership package',
    '10 ¥ de descuento en cualquier membresía',
    '10 ¥ de remise sur toute adhésion',
  ],
  AI创作家帆布袋: [
    'AI創作家帆布袋',
    'AI Creator canvas bag',
    'Bolsa de lona AI Creator',
    'Sac en toile AI Creator',
  ],
  '加厚帆布，可装 15 寸电脑，7 个工作日内发货': [
    '加厚帆布，可裝 15 吋電腦，7 個工作天內出貨',
    'Heavy canvas, fits a 15-inch laptop; ships within 7 working days',
    'Lona gruesa, cabe un portátil de 15 pulgadas; se envía en 7 días laborables',
    'Toile épaisse, pour un portable 15 pouces ; expédié sous 7 jours ouvrés',
  ],
  '316 不锈钢保温杯': [
    '316 不鏽鋼保溫杯',
    '316 stainless steel thermos',
    'Termo de acero inoxidable 316',
    'Thermos en inox 316',
  ],
  '450ml，12 小时保温，7 个工作日内发货': [
    '450ml，12 小時保溫，7 個工作天內出貨',
    '450 ml, keeps warm 12 hours; ships within 7 working days',
    '450 ml, mantiene el calor 12 horas; se envía en 7 días laborables',
    '450 ml, garde au chaud 12 heures ; expédié sous 7 jours ouvrés',
  ],
  定制笔记本: ['訂製筆記本', 'Personalised notebook', 'Cuaderno personalizado', 'Carnet personnalisé'],
  'A5 · 160 页，封面印有你的昵称': [
    'A5 · 160 頁，封面印有你的暱稱',
    'A5 · 160 pages, your nickname on the cover',
    'A5 · 160 páginas, con tu apodo en la portada',
    'A5 · 160 pages, votre pseudo sur la couverture',
  ],
  // Lucky wheel.
  '1200 金币': ['1200 金幣', '1200 gold', '1200 de oro', '1200 d’or'],
  谢谢参与: ['謝謝參與', 'Thanks for playing', 'Gracias por participar', 'Merci d’avoir joué'],
  '10 积分': ['10 積分', '10 points', '10 puntos', '10 points'],
  '3 天会员': ['3 天會員', '3-day membership', 'Membresía de 3 días', 'Adhésion de 3 jours'],
  '50 积分': ['50 積分', '50 points', '50 puntos', '50 points'],
  '5 元优惠券': ['5 元優惠券', '¥5 coupon', 'Cupón de 5 ¥', 'Bon de 5 ¥'],
  '6000 金币': ['6000 金幣', '6000 gold', '6000 de oro', '6000 d’or'],
  保温杯: ['保溫杯', 'Thermos', 'Termo', 'Thermos'],
  // Food vote.
  麻婆豆腐: ['麻婆豆腐', 'Mapo tofu', 'Tofu mapo', 'Tofu mapo'],
  '川菜经典，麻、辣、烫、香、酥、嫩、鲜': [
    '川菜經典，麻、辣、燙、香、酥、嫩、鮮',
    'A Sichuan classic: numbing, spicy, hot, fragrant, crisp, tender and fresh',
    'Un clásico de Sichuan: picante, adormecedor, caliente, aromático, crujiente, tierno y fresco',
    'Un classique du Sichuan : piquant, épicé, brûlant, parfumé, croustillant, tendre et frais',
  ],
  北京烤鸭: ['北京烤鴨', 'Peking duck', 'Pato laqueado de Pekín', 'Canard laqué de Pékin'],
  '果木挂炉，皮脆肉嫩，卷饼蘸酱': [
    '果木掛爐，皮脆肉嫩，捲餅蘸醬',
    'Roasted over fruit wood: crisp skin, tender meat, in pancakes with sauce',
    'Asado con leña de frutal: piel crujiente, carne tierna, en tortitas con salsa',
    'Rôti au bois fruitier : peau croustillante, chair tendre, en crêpes avec sauce',
  ],
  小笼包: ['小籠包', 'Xiaolongbao', 'Xiaolongbao', 'Xiaolongbao'],
  '皮薄馅大，先开窗再喝汤': [
    '皮薄餡大，先開窗再喝湯',
    'Thin skin, big filling: bite a window, then sip the soup',
    'Masa fina y mucho relleno: muerde una ventana y sorbe el caldo',
    'Pâte fine, farce généreuse : ouvrez une fenêtre, puis buvez le bouillon',
  ],
  重庆火锅: ['重慶火鍋', 'Chongqing hotpot', 'Hotpot de Chongqing', 'Fondue de Chongqing'],
  '牛油红汤九宫格，毛肚七上八下': [
    '牛油紅湯九宮格，毛肚七上八下',
    'Beef-tallow red broth in a nine-square pot; dip the tripe up and down',
    'Caldo rojo de sebo en olla de nueve casillas; moja los callos arriba y abajo',
    'Bouillon rouge au suif en marmite à neuf cases ; trempez les tripes',
  ],
  兰州牛肉面: [
    '蘭州牛肉麵',
    'Lanzhou beef noodles',
    'Fideos de ternera de Lanzhou',
    'Nouilles au bœuf de Lanzhou',
  ],
  一清二白三红四绿五黄: [
    '一清二白三紅四綠五黃',
    'Clear broth, white radish, red chilli oil, green herbs, yellow noodles',
    'Caldo claro, rábano blanco, aceite rojo, hierbas verdes, fideos amarillos',
    'Bouillon clair, radis blanc, huile rouge, herbes vertes, nouilles jaunes',
  ],
  广式虾饺: [
    '廣式蝦餃',
    'Cantonese shrimp dumplings',
    'Dumplings cantoneses de gamba',
    'Raviolis cantonais aux crevettes',
  ],
  水晶外皮包着整只鲜虾: [
    '水晶外皮包著整隻鮮蝦',
    'A whole fresh shrimp in a crystal-clear wrapper',
    'Una gamba fresca entera en una masa translúcida',
    'Une crevette entière dans une pâte translucide',
  ],
  煎饼果子: ['煎餅果子', 'Jianbing', 'Jianbing', 'Jianbing'],
  '绿豆面糊、鸡蛋、薄脆，天津早餐': [
    '綠豆麵糊、雞蛋、薄脆，天津早餐',
    'Mung-bean crêpe, egg and a crisp cracker: breakfast in Tianjin',
    'Crepe de judía mungo, huevo y crujiente: desayuno de Tianjin',
    'Crêpe de haricot mungo, œuf et croustillant : le petit-déjeuner de Tianjin',
  ],
  酸菜鱼: ['酸菜魚', 'Fish with pickled greens', 'Pescado con col encurtida', 'Poisson aux légumes marinés'],
  '老坛酸菜配鲜嫩鱼片，酸辣开胃': [
    '老罈酸菜配鮮嫩魚片，酸辣開胃',
    'Tender fish slices with aged pickled greens, sour and spicy',
    'Filetes de pescado tiernos con col encurtida, ácidos y picantes',
    'Filets de poisson tendres aux légumes marinés, acidulés et épicés',
  ],
};
