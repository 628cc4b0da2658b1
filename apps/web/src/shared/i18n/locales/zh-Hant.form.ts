/** The shared form pieces (phone and SMS code fields, password checks): traditional Chinese. Loaded with the page messages. */
export default {
  form: {
    getCode: '獲取驗證碼',
    resendIn: '{{seconds}}秒後重發',
    codeSent: '驗證碼已發送',
    humanCheck: {
      title: '人機驗證',
      why: '該網路或裝置近期獲取驗證碼較多，請先完成人機驗證',
      start: '點擊驗證',
      solving: '驗證中…',
      failed: '驗證未通過，請重試',
    },
    field: {
      phone: '手機號',
      phonePlaceholder: '請輸入手機號',
      code: '驗證碼',
      codePlaceholder: '請輸入6位驗證碼',
      newPassword: '新密碼',
      newPasswordPlaceholder: '6-21位字符',
      confirmPassword: '確認密碼',
      confirmPasswordPlaceholder: '請再次輸入新密碼',
    },
    error: {
      phoneRequired: '請輸入手機號',
      phoneInvalid: '請輸入正確的手機號',
      codeRequired: '請輸入驗證碼',
      codeInvalid: '驗證碼為6位數字',
      passwordRequired: '請輸入密碼',
      passwordInvalid: '密碼長度為6-21位',
      confirmMismatch: '兩次輸入的密碼不一致',
    },
  },
};
