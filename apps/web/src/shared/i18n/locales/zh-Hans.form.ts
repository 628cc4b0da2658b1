/** The shared form pieces (phone and SMS code fields, password checks): simplified Chinese. Loaded with the page messages. */
export default {
  form: {
    getCode: '获取验证码',
    resendIn: '{{seconds}}秒后重发',
    codeSent: '验证码已发送',
    humanCheck: {
      title: '人机验证',
      why: '该网络或设备近期获取验证码较多，请先完成人机验证',
      start: '点击验证',
      solving: '验证中…',
      failed: '验证未通过，请重试',
    },
    field: {
      phone: '手机号',
      phonePlaceholder: '请输入手机号',
      code: '验证码',
      codePlaceholder: '请输入6位验证码',
      newPassword: '新密码',
      newPasswordPlaceholder: '6-21位字符',
      confirmPassword: '确认密码',
      confirmPasswordPlaceholder: '请再次输入新密码',
    },
    error: {
      phoneRequired: '请输入手机号',
      phoneInvalid: '请输入正确的手机号',
      codeRequired: '请输入验证码',
      codeInvalid: '验证码为6位数字',
      passwordRequired: '请输入密码',
      passwordInvalid: '密码长度为6-21位',
      confirmMismatch: '两次输入的密码不一致',
    },
  },
};
