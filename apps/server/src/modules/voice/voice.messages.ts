import { addMessages } from '../../platform/i18n/i18n.js';

addMessages({
  voice_task_not_found: {
    'zh-Hans': '任务不存在或已删除',
    'zh-Hant': '任務不存在或已刪除',
    en: 'This task does not exist or was deleted.',
    es: 'La tarea no existe o se eliminó.',
    fr: 'Cette tâche n’existe pas ou a été supprimée.',
  },
  tts_voice_unknown: {
    'zh-Hans': '没有这个配音角色，请重新选择',
    'zh-Hant': '沒有這個配音角色，請重新選擇',
    en: 'Unknown voice; choose another one.',
    es: 'Voz desconocida; elige otra.',
    fr: 'Voix inconnue ; choisissez-en une autre.',
  },
  tts_voice_vip_only: {
    'zh-Hans': '该配音角色为会员专享，开通会员后即可使用',
    'zh-Hant': '該配音角色為會員專享，開通會員後即可使用',
    en: 'This voice is for members only.',
    es: 'Esta voz es solo para miembros.',
    fr: 'Cette voix est réservée aux membres.',
  },
  tts_provider_not_configured: {
    'zh-Hans':
      '该配音角色需要云端语音合成服务，服务器尚未配置（AI_TTS_PROVIDER={provider}），请先选择离线配音角色',
    'zh-Hant':
      '該配音角色需要雲端語音合成服務，伺服器尚未設定（AI_TTS_PROVIDER={provider}），請先選擇離線配音角色',
    en: 'This voice needs a speech provider the server has not configured (AI_TTS_PROVIDER={provider}); choose an offline voice.',
    es: 'Esta voz necesita un proveedor que el servidor no tiene configurado (AI_TTS_PROVIDER={provider}); elige una voz sin conexión.',
    fr: 'Cette voix demande un fournisseur que le serveur n’a pas configuré (AI_TTS_PROVIDER={provider}) ; choisissez une voix hors ligne.',
  },
  tts_text_too_long: {
    'zh-Hans': '文本太长了，该配音角色一次最多 {max} 字',
    'zh-Hant': '文字太長了，該配音角色一次最多 {max} 字',
    en: 'The text is too long: this voice takes at most {max} characters at a time.',
    es: 'El texto es demasiado largo: esta voz admite como máximo {max} caracteres.',
    fr: 'Le texte est trop long : cette voix accepte au plus {max} caractères.',
  },
  tts_text_empty: {
    'zh-Hans': '没有可以朗读的文字',
    'zh-Hant': '沒有可以朗讀的文字',
    en: 'There is nothing to read aloud in this text.',
    es: 'No hay nada que leer en este texto.',
    fr: 'Ce texte ne contient rien à lire.',
  },
  voice_content_rejected: {
    'zh-Hans': '内容包含敏感词，请修改后再试',
    'zh-Hant': '內容包含敏感詞，請修改後再試',
    en: 'The text contains words that are not allowed; please change it.',
    es: 'El texto contiene palabras no permitidas; cámbialo.',
    fr: 'Le texte contient des mots interdits ; modifiez-le.',
  },
  asr_needs_script: {
    'zh-Hans':
      '离线引擎只能按文稿对齐字幕：请粘贴这段音频的文稿；如需自动识别，请管理员配置语音识别服务（AI_ASR_PROVIDER）或本机识别模型（AI_ASR_MODEL_DIR）',
    'zh-Hant':
      '離線引擎只能按文稿對齊字幕：請貼上這段音訊的文稿；如需自動辨識，請管理員設定語音辨識服務（AI_ASR_PROVIDER）或本機辨識模型（AI_ASR_MODEL_DIR）',
    en: 'The offline engine can only time a script: paste the words of this audio, or have the operator configure a speech-to-text provider (AI_ASR_PROVIDER) or a local model (AI_ASR_MODEL_DIR).',
    es: 'El motor sin conexión solo sincroniza un guion: pega el texto del audio o pide que se configure un proveedor de reconocimiento (AI_ASR_PROVIDER) o un modelo local (AI_ASR_MODEL_DIR).',
    fr: 'Le moteur hors ligne ne fait que caler un texte : collez le texte de l’audio, ou faites configurer un fournisseur de reconnaissance (AI_ASR_PROVIDER) ou un modèle local (AI_ASR_MODEL_DIR).',
  },
  asr_engine_unusable: {
    'zh-Hans': '语音识别引擎（{engine}）无法使用，请管理员检查配置：{reason}',
    'zh-Hant': '語音辨識引擎（{engine}）無法使用，請管理員檢查設定：{reason}',
    en: 'The speech recognition engine ({engine}) cannot be used; the operator should check its configuration: {reason}',
    es: 'El motor de reconocimiento de voz ({engine}) no se puede usar; el operador debe revisar su configuración: {reason}',
    fr: 'Le moteur de reconnaissance vocale ({engine}) est inutilisable ; l’opérateur doit vérifier sa configuration : {reason}',
  },
  asr_file_missing: {
    'zh-Hans': '请上传音频文件',
    'zh-Hant': '請上傳音訊檔案',
    en: 'Upload an audio file.',
    es: 'Sube un archivo de audio.',
    fr: 'Envoyez un fichier audio.',
  },
  asr_file_not_audio: {
    'zh-Hans': '只能为 30 秒以内、5MB 以内的音频生成字幕',
    'zh-Hant': '只能為 30 秒以內、5MB 以內的音訊產生字幕',
    en: 'Subtitles are made for audio of at most 30 s and 5 MB.',
    es: 'Los subtítulos se hacen para audios de hasta 30 s y 5 MB.',
    fr: 'Les sous-titres se font pour un audio de 30 s et 5 Mo au plus.',
  },
  asr_no_speech: {
    'zh-Hans': '没有识别到语音',
    'zh-Hant': '沒有辨識到語音',
    en: 'No speech was found in the audio.',
    es: 'No se encontró voz en el audio.',
    fr: 'Aucune parole n’a été trouvée dans l’audio.',
  },
  voice_task_failed: {
    'zh-Hans': '生成失败，金币已退回，请稍后再试',
    'zh-Hant': '生成失敗，金幣已退回，請稍後再試',
    en: 'It failed; any gold was given back. Please try again later.',
    es: 'Falló; el oro se ha devuelto. Inténtalo más tarde.',
    fr: 'Échec ; l’or a été rendu. Réessayez plus tard.',
  },
  voice_timeout: {
    'zh-Hans': '生成超时，金币已退回，请稍后再试',
    'zh-Hant': '生成逾時，金幣已退回，請稍後再試',
    en: 'It took too long; any gold was given back. Please try again later.',
    es: 'Tardó demasiado; el oro se ha devuelto. Inténtalo más tarde.',
    fr: 'Trop long ; l’or a été rendu. Réessayez plus tard.',
  },
});
