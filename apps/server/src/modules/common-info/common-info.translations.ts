import type { SeedCatalogue } from '../../platform/i18n/stored-translations.js';

/** The demo banners, notices and help entries in zh-Hant, en, es and fr (stored as each row's `i18n`). */
export const COMMON_INFO_CATALOGUE: SeedCatalogue = {
  'AI 一键成片，写文案做视频只要一分钟': [
    'AI 一鍵成片，寫文案做影片只要一分鐘',
    'One tap to a video: copy and video in a minute',
    'Vídeo con un toque: texto y vídeo en un minuto',
    'Une vidéo en un geste : texte et vidéo en une minute',
  ],
  '每日签到领积分，积分商城好礼兑不停': [
    '每日簽到領積分，積分商城好禮兌不停',
    'Check in daily for points and swap them for gifts',
    'Regístrate cada día, gana puntos y canjéalos por regalos',
    'Pointez chaque jour, gagnez des points et échangez-les',
  ],
  '开通会员，AI 创作不限次数': [
    '開通會員，AI 創作不限次數',
    'Join for unlimited AI creation',
    'Hazte miembro: creación con IA sin límites',
    'Devenez membre : création IA illimitée',
  ],
  '新版本上线：AI 配音支持粤语和英语': [
    '新版本上線：AI 配音支援粵語和英語',
    'New version: AI voice-overs in Cantonese and English',
    'Nueva versión: doblaje con IA en cantonés e inglés',
    'Nouvelle version : doublage IA en cantonais et en anglais',
  ],
  '本次更新带来了更自然的配音音色、更快的成片速度，并修复了若干已知问题。': [
    '本次更新帶來了更自然的配音音色、更快的成片速度，並修復了若干已知問題。',
    'This update brings more natural voices, faster videos and fixes for known issues.',
    'Esta versión trae voces más naturales, vídeos más rápidos y corrige errores conocidos.',
    'Cette mise à jour apporte des voix plus naturelles, des vidéos plus rapides et corrige des problèmes connus.',
  ],
  '广场公约：友善交流，原创优先': [
    '廣場公約：友善交流，原創優先',
    'Plaza rules: be kind, post your own work',
    'Normas de la plaza: amabilidad y contenido original',
    'Charte de la place : bienveillance et créations originales',
  ],
  '请勿发布广告、违法违规及侵权内容，违规内容将被下架处理。': [
    '請勿發布廣告、違法違規及侵權內容，違規內容將被下架處理。',
    'No ads, illegal or infringing content; such posts are taken down.',
    'No publiques anuncios ni contenido ilegal o que infrinja derechos; se retirará.',
    'Pas de publicité ni de contenu illégal ou contrefaisant : il sera retiré.',
  ],
  '每天可以免费提问几次？': [
    '每天可以免費提問幾次？',
    'How many free questions a day?',
    '¿Cuántas preguntas gratis al día?',
    'Combien de questions gratuites par jour ?',
  ],
  '普通用户每天可免费向 AI 助手提问 5 次，每天零点（北京时间）重置；开通会员后不限次数。': [
    '普通用戶每天可免費向 AI 助手提問 5 次，每天零點（北京時間）重置；開通會員後不限次數。',
    'You can ask the AI assistant 5 free questions a day, renewed at midnight (Beijing time); members ask without limits.',
    'Puedes hacer 5 preguntas gratis al día al asistente, renovadas a medianoche (hora de Pekín); los miembros no tienen límite.',
    'Vous avez 5 questions gratuites par jour, renouvelées à minuit (heure de Pékin) ; les membres n’ont pas de limite.',
  ],
  '金币和积分有什么区别？': [
    '金幣和積分有什麼區別？',
    'What is the difference between gold and points?',
    '¿Qué diferencia hay entre oro y puntos?',
    'Quelle différence entre or et points ?',
  ],
  '金币通过购买套餐获得，可用于生成视频、配音等付费功能；积分通过签到、活动获得，可在积分商城兑换礼品或参与幸运大转盘。':
    [
      '金幣透過購買套餐獲得，可用於生成影片、配音等付費功能；積分透過簽到、活動獲得，可在積分商城兌換禮品或參與幸運大轉盤。',
      'Gold comes from packages and pays for videos, voice-overs and other paid features; points come from check-ins and events and buy gifts in the points mall or spins of the lucky wheel.',
      'El oro se obtiene con paquetes y paga vídeos, doblajes y otras funciones de pago; los puntos se ganan con registros y eventos y se canjean por regalos o giros de la ruleta.',
      'L’or s’obtient avec les packs et paie vidéos, doublages et autres fonctions payantes ; les points viennent des pointages et événements et s’échangent contre des cadeaux ou des tours de roue.',
    ],
  '生成的视频会保存多久？': [
    '生成的影片會保存多久？',
    'How long are videos kept?',
    '¿Cuánto tiempo se guardan los vídeos?',
    'Combien de temps les vidéos sont-elles gardées ?',
  ],
  '生成的视频会在云端保存一段时间，过期后将无法下载，请及时保存到手机相册。': [
    '生成的影片會在雲端保存一段時間，過期後將無法下載，請及時保存到手機相簿。',
    'Videos are kept in the cloud for a while and cannot be downloaded once expired: save them to your album in time.',
    'Los vídeos se guardan un tiempo en la nube y no se pueden descargar al caducar: guárdalos a tiempo en tu galería.',
    'Les vidéos restent un temps dans le cloud et ne sont plus téléchargeables après expiration : enregistrez-les à temps.',
  ],
  '如何进行实名认证？': [
    '如何進行實名認證？',
    'How do I verify my identity?',
    '¿Cómo verifico mi identidad?',
    'Comment vérifier mon identité ?',
  ],
  '进入“我的-设置-实名认证”，填写真实姓名和身份证号并提交，审核通过后即可使用全部功能。': [
    '進入「我的-設定-實名認證」，填寫真實姓名和身分證號並提交，審核通過後即可使用全部功能。',
    'Go to Me › Settings › Identity verification, enter your real name and ID number and submit; once approved, every feature is open.',
    'Ve a Yo › Ajustes › Verificación, introduce tu nombre real y número de documento y envía; tras la aprobación tendrás todas las funciones.',
    'Allez dans Moi › Réglages › Vérification, saisissez nom et numéro d’identité puis envoyez ; une fois validé, tout est accessible.',
  ],
  '如何注销账号？': [
    '如何註銷帳號？',
    'How do I delete my account?',
    '¿Cómo elimino mi cuenta?',
    'Comment supprimer mon compte ?',
  ],
  '进入“设置-账号管理-注销账号”，阅读注销须知并确认后即可注销。注销后个人资料将被清除且无法恢复。': [
    '進入「設定-帳號管理-註銷帳號」，閱讀註銷須知並確認後即可註銷。註銷後個人資料將被清除且無法恢復。',
    'Go to Settings › Account › Delete account, read the notice and confirm. Your profile is then erased for good.',
    'Ve a Ajustes › Cuenta › Eliminar cuenta, lee el aviso y confirma. Tu perfil se borrará para siempre.',
    'Allez dans Réglages › Compte › Supprimer le compte, lisez l’avis et confirmez. Votre profil sera effacé définitivement.',
  ],
};
