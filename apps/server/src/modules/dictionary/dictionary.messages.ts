import { addMessages } from '../../platform/i18n/i18n.js';

addMessages({
  dict_value_exists: {
    'zh-Hans': '该字典中已存在相同的值',
    'zh-Hant': '該字典中已存在相同的值',
    en: 'This dictionary already has an item with this value.',
    es: 'Este diccionario ya tiene un elemento con este valor.',
    fr: 'Ce dictionnaire contient déjà un élément avec cette valeur.',
  },
  dict_data_invalid: {
    'zh-Hans': '字典数据格式不正确：{detail}',
    'zh-Hant': '字典資料格式不正確：{detail}',
    en: 'The item data has the wrong shape: {detail}',
    es: 'Los datos del elemento no tienen el formato correcto: {detail}',
    fr: 'Les données de l’élément n’ont pas le bon format : {detail}',
  },
  dict_config_key_fixed: {
    'zh-Hans': '应用配置的键不能新增、删除或修改（apiCaches 由系统计算）',
    'zh-Hant': '應用設定的鍵不能新增、刪除或修改（apiCaches 由系統計算）',
    en: 'App config keys cannot be added, deleted or renamed (apiCaches is computed).',
    es: 'Las claves de la configuración no se pueden añadir, borrar ni renombrar (apiCaches se calcula).',
    fr: 'Les clés de la configuration ne peuvent être ni ajoutées, ni supprimées, ni renommées (apiCaches est calculé).',
  },
});
