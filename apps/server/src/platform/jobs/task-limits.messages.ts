import { addMessages } from '../i18n/i18n.js';

addMessages({
  too_many_tasks: {
    'zh-Hans': '你已有 {waiting} 个同类任务在排队或进行中（最多 {limit} 个），请等其中一个完成后再提交',
    'zh-Hant': '你已有 {waiting} 個同類任務在排隊或進行中（最多 {limit} 個），請等其中一個完成後再提交',
    en: 'You already have {waiting} tasks of this kind waiting or running (at most {limit}). Submit again once one has finished.',
    es: 'Ya tienes {waiting} tareas de este tipo en espera o en curso (como máximo {limit}). Vuelve a enviarla cuando termine una.',
    fr: 'Vous avez déjà {waiting} tâches de ce type en attente ou en cours (au plus {limit}). Renvoyez-la quand l’une d’elles sera terminée.',
  },
});
