import { addMessages } from '../../platform/i18n/i18n.js';

// The notice of a physical exchange shipped by an operator.
addMessages({
  console_mall_shipped_title: {
    'zh-Hans': '兑换商品发货',
    'zh-Hant': '兌換商品發貨',
    en: 'Your item shipped',
    es: 'Tu artículo fue enviado',
    fr: 'Votre article est expédié',
  },
  console_mall_shipped: {
    'zh-Hans': '你兑换的「{name}」已发货：{courier} {trackingNo}',
    'zh-Hant': '你兌換的「{name}」已發貨：{courier} {trackingNo}',
    en: '“{name}” has shipped: {courier} {trackingNo}',
    es: '“{name}” ha sido enviado: {courier} {trackingNo}',
    fr: '« {name} » a été expédié : {courier} {trackingNo}',
  },
});
