import { addMessages } from '../../i18n/i18n.js';

/** Messages of the AI text provider errors (shown in the chat stream's `error` event). */
addMessages({
  ai_auth_failed: {
    'zh-Hans': 'AI 服务认证失败，请联系管理员检查接口密钥',
    'zh-Hant': 'AI 服務認證失敗，請聯絡管理員檢查介面金鑰',
    en: 'The AI service rejected our credentials. Please ask the administrator to check the API key.',
    es: 'El servicio de IA rechazó nuestras credenciales. Pide al administrador que revise la clave de API.',
    fr: 'Le service d’IA a refusé nos identifiants. Demandez à l’administrateur de vérifier la clé d’API.',
  },
  ai_quota_exhausted: {
    'zh-Hans': 'AI 服务额度已用完，请稍后再试或联系管理员',
    'zh-Hant': 'AI 服務額度已用完，請稍後再試或聯絡管理員',
    en: 'The AI service has run out of credit. Please try again later or contact the administrator.',
    es: 'El servicio de IA se ha quedado sin saldo. Inténtalo más tarde o contacta con el administrador.',
    fr: 'Le service d’IA n’a plus de crédit. Réessayez plus tard ou contactez l’administrateur.',
  },
  ai_rate_limited: {
    'zh-Hans': '提问的人太多了，请稍等几秒再试',
    'zh-Hant': '提問的人太多了，請稍等幾秒再試',
    en: 'The AI service is busy. Please wait a few seconds and try again.',
    es: 'El servicio de IA está saturado. Espera unos segundos e inténtalo de nuevo.',
    fr: 'Le service d’IA est saturé. Patientez quelques secondes et réessayez.',
  },
  ai_model_not_found: {
    'zh-Hans': '所配置的 AI 模型不存在，请联系管理员',
    'zh-Hant': '所設定的 AI 模型不存在，請聯絡管理員',
    en: 'The configured AI model does not exist. Please contact the administrator.',
    es: 'El modelo de IA configurado no existe. Contacta con el administrador.',
    fr: 'Le modèle d’IA configuré n’existe pas. Contactez l’administrateur.',
  },
  ai_bad_request: {
    'zh-Hans': 'AI 服务无法处理这个问题，请换个说法或缩短内容再试',
    'zh-Hant': 'AI 服務無法處理這個問題，請換個說法或縮短內容再試',
    en: 'The AI service could not handle this request. Try rephrasing or shortening it.',
    es: 'El servicio de IA no pudo procesar la petición. Reformúlala o acórtala.',
    fr: 'Le service d’IA n’a pas pu traiter la demande. Reformulez-la ou raccourcissez-la.',
  },
  ai_timeout: {
    'zh-Hans': 'AI 服务响应超时，请稍后重试',
    'zh-Hant': 'AI 服務回應逾時，請稍後重試',
    en: 'The AI service took too long to answer. Please try again.',
    es: 'El servicio de IA tardó demasiado en responder. Inténtalo de nuevo.',
    fr: 'Le service d’IA a mis trop de temps à répondre. Veuillez réessayer.',
  },
  ai_network_error: {
    'zh-Hans': '连接 AI 服务失败，请检查网络后重试',
    'zh-Hant': '連線 AI 服務失敗，請檢查網路後重試',
    en: 'Could not reach the AI service. Please try again.',
    es: 'No se pudo conectar con el servicio de IA. Inténtalo de nuevo.',
    fr: 'Impossible de joindre le service d’IA. Veuillez réessayer.',
  },
  ai_provider_error: {
    'zh-Hans': 'AI 服务暂时出错了，请稍后重试',
    'zh-Hant': 'AI 服務暫時出錯了，請稍後重試',
    en: 'The AI service had a problem. Please try again later.',
    es: 'El servicio de IA tuvo un problema. Inténtalo más tarde.',
    fr: 'Le service d’IA a rencontré un problème. Réessayez plus tard.',
  },
});
