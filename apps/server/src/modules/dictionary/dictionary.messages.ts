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
  dict_bgm_source_invalid: {
    'zh-Hans':
      '背景音乐只能是本站存储的音频文件（/uploads/… 或 /static/… 的 mp3、m4a、ogg、wav、flac），或 sine、anoisesrc、aevalsrc 合成音（参数只能是数字）',
    'zh-Hant':
      '背景音樂只能是本站儲存的音訊檔（/uploads/… 或 /static/… 的 mp3、m4a、ogg、wav、flac），或 sine、anoisesrc、aevalsrc 合成音（參數只能是數字）',
    en: 'Music must be an audio file stored on this site (/uploads/… or /static/…, mp3, m4a, ogg, wav or flac) or a sine, anoisesrc or aevalsrc synth with numeric parameters only.',
    es: 'La música debe ser un archivo de audio guardado en este sitio (/uploads/… o /static/…, mp3, m4a, ogg, wav o flac) o un sintetizador sine, anoisesrc o aevalsrc con parámetros solo numéricos.',
    fr: 'La musique doit être un fichier audio stocké sur ce site (/uploads/… ou /static/…, mp3, m4a, ogg, wav ou flac) ou un synthétiseur sine, anoisesrc ou aevalsrc aux paramètres uniquement numériques.',
  },
  dict_config_key_fixed: {
    'zh-Hans': '应用配置的键不能新增、删除或修改（apiCaches 由系统计算）',
    'zh-Hant': '應用設定的鍵不能新增、刪除或修改（apiCaches 由系統計算）',
    en: 'App config keys cannot be added, deleted or renamed (apiCaches is computed).',
    es: 'Las claves de la configuración no se pueden añadir, borrar ni renombrar (apiCaches se calcula).',
    fr: 'Les clés de la configuration ne peuvent être ni ajoutées, ni supprimées, ni renommées (apiCaches est calculé).',
  },
});
