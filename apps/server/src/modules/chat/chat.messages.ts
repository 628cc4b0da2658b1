import { addMessages } from '../../platform/i18n/i18n.js';
import '../../platform/ai/text/text.messages.js';

/** Messages of the chat robot, quota and template error ids. */
addMessages({
  question_quota_exceeded: {
    'zh-Hans': '今天的 {limit} 次免费提问已用完，明天 0 点重置。开通会员即可不限次数提问，去会员中心看看吧',
    'zh-Hant': '今天的 {limit} 次免費提問已用完，明天 0 點重置。開通會員即可不限次數提問，去會員中心看看吧',
    en: "You've used today's {limit} free questions; they reset at midnight (Beijing time). Become a member for unlimited questions — see the member centre.",
    es: 'Ya usaste tus {limit} preguntas gratuitas de hoy; se renuevan a medianoche (hora de Pekín). Hazte miembro para preguntar sin límite: visita el centro de miembros.',
    fr: 'Vous avez utilisé vos {limit} questions gratuites du jour ; elles se renouvellent à minuit (heure de Pékin). Devenez membre pour des questions illimitées : voir l’espace membre.',
  },
  chat_content_required: {
    'zh-Hans': '请输入你的问题',
    'zh-Hant': '請輸入你的問題',
    en: 'Please type your question.',
    es: 'Escribe tu pregunta.',
    fr: 'Veuillez saisir votre question.',
  },
  chat_content_rejected: {
    'zh-Hans': '你的问题包含不适宜的内容，请修改后再试',
    'zh-Hant': '你的問題包含不適宜的內容，請修改後再試',
    en: 'Your question contains inappropriate content. Please edit it and try again.',
    es: 'Tu pregunta contiene contenido inapropiado. Modifícala e inténtalo de nuevo.',
    fr: 'Votre question contient un contenu inapproprié. Modifiez-la et réessayez.',
  },
  chat_output_rejected: {
    'zh-Hans': '这个回答包含不适宜的内容，已停止生成，请换个问题试试',
    'zh-Hant': '這個回答包含不適宜的內容，已停止生成，請換個問題試試',
    en: 'The answer contained inappropriate content and was stopped. Please try another question.',
    es: 'La respuesta contenía contenido inapropiado y se detuvo. Prueba con otra pregunta.',
    fr: 'La réponse contenait un contenu inapproprié et a été interrompue. Essayez une autre question.',
  },
  chat_robot_not_found: {
    'zh-Hans': '这个机器人不存在',
    'zh-Hant': '這個機器人不存在',
    en: 'This robot does not exist.',
    es: 'Este robot no existe.',
    fr: 'Ce robot n’existe pas.',
  },
  chat_conversation_not_found: {
    'zh-Hans': '对话不存在或已删除',
    'zh-Hant': '對話不存在或已刪除',
    en: 'This conversation does not exist.',
    es: 'Esta conversación no existe.',
    fr: 'Cette conversation n’existe pas.',
  },
  chat_message_not_found: {
    'zh-Hans': '内容不存在或已删除',
    'zh-Hant': '內容不存在或已刪除',
    en: 'This message does not exist.',
    es: 'Este mensaje no existe.',
    fr: 'Ce message n’existe pas.',
  },
  chat_message_not_continuable: {
    'zh-Hans': '只有已停止的回答可以继续生成',
    'zh-Hant': '只有已停止的回答可以繼續生成',
    en: 'Only a stopped answer can be continued.',
    es: 'Solo se puede continuar una respuesta detenida.',
    fr: 'Seule une réponse interrompue peut être poursuivie.',
  },
  chat_message_not_editable: {
    'zh-Hans': '回答还在生成中或生成失败，暂时不能编辑',
    'zh-Hant': '回答還在生成中或生成失敗，暫時不能編輯',
    en: 'This answer is still being written or failed, so it cannot be edited.',
    es: 'Esta respuesta aún se está escribiendo o falló, así que no se puede editar.',
    fr: 'Cette réponse est en cours d’écriture ou a échoué : elle ne peut pas être modifiée.',
  },
  chat_busy: {
    'zh-Hans': '你有 {max} 个回答正在生成，请等它们完成或先停止一个',
    'zh-Hant': '你有 {max} 個回答正在生成，請等它們完成或先停止一個',
    en: 'You already have {max} answers being written. Wait for them or stop one first.',
    es: 'Ya tienes {max} respuestas en curso. Espera a que terminen o detén una.',
    fr: 'Vous avez déjà {max} réponses en cours. Attendez-les ou arrêtez-en une.',
  },
  prompt_template_not_found: {
    'zh-Hans': '模板不存在或已下架',
    'zh-Hant': '模板不存在或已下架',
    en: 'This template does not exist.',
    es: 'Esta plantilla no existe.',
    fr: 'Ce modèle n’existe pas.',
  },
  template_field_required: {
    'zh-Hans': '请填写{label}',
    'zh-Hant': '請填寫{label}',
    en: 'Please fill in {label}.',
    es: 'Rellena {label}.',
    fr: 'Veuillez remplir {label}.',
  },
  template_field_too_long: {
    'zh-Hans': '{label}最多 {max} 个字',
    'zh-Hant': '{label}最多 {max} 個字',
    en: '{label}: at most {max} characters.',
    es: '{label}: como máximo {max} caracteres.',
    fr: '{label} : {max} caractères au maximum.',
  },
});
