import { addMessages } from '../i18n/i18n.js';

// Errors of operator actions, raised by whichever module owns the data.
addMessages({
  account_banned: {
    'zh-Hans': '账号已被封禁',
    'zh-Hant': '帳號已被封禁',
    en: 'This account is banned.',
    es: 'Esta cuenta está bloqueada.',
    fr: 'Ce compte est suspendu.',
  },
  console_not_found: {
    'zh-Hans': '记录不存在或已删除',
    'zh-Hant': '記錄不存在或已刪除',
    en: 'This record does not exist or was removed.',
    es: 'Este registro no existe o se eliminó.',
    fr: 'Cet enregistrement n’existe pas ou a été supprimé.',
  },
  console_not_pending: {
    'zh-Hans': '已被处理，请刷新',
    'zh-Hant': '已被處理，請重新整理',
    en: 'Already handled; refresh the list.',
    es: 'Ya se ha gestionado; actualiza la lista.',
    fr: 'Déjà traité ; actualisez la liste.',
  },
  console_insufficient_balance: {
    'zh-Hans': '余额不足，不能扣减到 0 以下',
    'zh-Hant': '餘額不足，不能扣減到 0 以下',
    en: 'The balance cannot go below 0.',
    es: 'El saldo no puede quedar por debajo de 0.',
    fr: 'Le solde ne peut pas passer sous 0.',
  },
  console_protected_user: {
    'zh-Hans': '不能封禁运营或系统账号',
    'zh-Hant': '不能封禁營運或系統帳號',
    en: 'Operators and system accounts cannot be banned.',
    es: 'No se puede bloquear a operadores ni cuentas del sistema.',
    fr: 'Les opérateurs et comptes système ne peuvent pas être suspendus.',
  },
  console_action_unavailable: {
    'zh-Hans': '该举报对象不支持此操作',
    'zh-Hant': '該檢舉對象不支援此操作',
    en: 'This action does not apply to what was reported.',
    es: 'Esta acción no se aplica a lo denunciado.',
    fr: 'Cette action ne s’applique pas à l’objet signalé.',
  },
  tracking_no_invalid: {
    'zh-Hans': '请输入正确的快递单号',
    'zh-Hant': '請輸入正確的快遞單號',
    en: 'Enter a valid tracking number.',
    es: 'Introduce un número de seguimiento válido.',
    fr: 'Saisissez un numéro de suivi valide.',
  },
  date_invalid: {
    'zh-Hans': '日期格式不正确',
    'zh-Hant': '日期格式不正確',
    en: 'Invalid date.',
    es: 'Fecha no válida.',
    fr: 'Date non valide.',
  },
  console_page_too_deep: {
    'zh-Hans': '页码太靠后了：请用“下一页”翻页，或缩小筛选范围（最多跳到第 {max} 条）',
    'zh-Hant': '頁碼太靠後了：請用「下一頁」翻頁，或縮小篩選範圍（最多跳到第 {max} 筆）',
    en: 'That page is too deep: use Next, or narrow the filters (jumps reach row {max} at most).',
    es: 'Esa página está demasiado lejos: usa Siguiente o acota los filtros (los saltos llegan hasta la fila {max}).',
    fr: 'Cette page est trop loin : utilisez Suivant ou affinez les filtres (un saut atteint au plus la ligne {max}).',
  },
  console_keyword_too_short: {
    'zh-Hans': '昵称关键词至少 {min} 个字；手机号、账号或用户 ID 请输入完整',
    'zh-Hant': '暱稱關鍵字至少 {min} 個字；手機號、帳號或用戶 ID 請輸入完整',
    en: 'Type at least {min} characters of a nickname, or a whole phone number, account or user ID.',
    es: 'Escribe al menos {min} caracteres del apodo, o un teléfono, cuenta o ID de usuario completos.',
    fr: 'Saisissez au moins {min} caractères du pseudo, ou un numéro, un compte ou un ID utilisateur complet.',
  },
  amount_zero: {
    'zh-Hans': '数量不能为 0',
    'zh-Hant': '數量不能為 0',
    en: 'The amount cannot be 0.',
    es: 'La cantidad no puede ser 0.',
    fr: 'Le montant ne peut pas être 0.',
  },
});
