import { addMessages } from '../../platform/i18n/i18n.js';

addMessages({
  provenance_file_missing: {
    'zh-Hans': '请选择要溯源的文件',
    'zh-Hant': '請選擇要溯源的檔案',
    en: 'Choose a file to trace.',
    es: 'Elige un archivo para rastrear.',
    fr: 'Choisissez un fichier à tracer.',
  },
});
