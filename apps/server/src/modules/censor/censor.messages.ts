import { addMessages } from '../../platform/i18n/i18n.js';

addMessages({
  sensitive_word_exists: {
    'zh-Hans': '该敏感词已存在',
    'zh-Hant': '該敏感詞已存在',
    en: 'This word is already on the list.',
    es: 'Esta palabra ya está en la lista.',
    fr: 'Ce mot figure déjà dans la liste.',
  },
});
