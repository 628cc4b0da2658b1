/** Accounts pages (user area, mine additions, personal homepage): simplified Chinese. Merged into the root locale. */
export default {
  user: {
    getCode: '获取验证码',
    resendIn: '{{seconds}}秒后重发',
    codeSent: '验证码已发送',
    loginSuccess: '登录成功',
    field: {
      phone: '手机号',
      phonePlaceholder: '请输入手机号',
      code: '验证码',
      codePlaceholder: '请输入6位验证码',
      account: '账号',
      accountPlaceholder: '手机号或账号名',
      password: '密码',
      passwordPlaceholder: '请输入密码',
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
      accountRequired: '请输入手机号或账号名',
      passwordRequired: '请输入密码',
      passwordInvalid: '密码长度为6-21位',
      confirmMismatch: '两次输入的密码不一致',
    },
    agreement: {
      prefix: '我已阅读并同意',
      service: '《服务协议》',
      and: '和',
      privacy: '《隐私政策》',
      required: '请先阅读并同意服务协议和隐私政策',
    },
    index: {
      smsLogin: '手机验证码登录',
      passwordLogin: '密码登录',
      visitorLogin: '先逛逛（游客登录）',
      guestHint: '游客模式下可浏览广场和内容详情，创作功能需登录后使用',
    },
    login: {
      intro: '未注册的手机号验证后将自动创建账号',
      submit: '登录',
      byPassword: '密码登录',
    },
    passwd: {
      intro: '使用手机号或账号名和密码登录',
      bySms: '验证码登录',
    },
    forget: {
      link: '忘记密码',
      intro: '通过手机验证码重新设置密码，设置后需重新登录',
      submit: '重置密码',
      done: '密码已重置，请重新登录',
    },
    bind: {
      intro: '为保障账号安全，请绑定手机号',
      submit: '绑定并登录',
      noTicketTitle: '无法绑定',
      noTicket: '请从微信登录进入此页面',
    },
    download: {
      install: '添加到主屏幕',
      installHint: '在浏览器菜单中选择「添加到主屏幕」即可安装',
      installed: '已安装到主屏幕',
      android: '安卓应用商店下载',
      ios: 'App Store 下载',
    },
    mine: {
      gold: '金币',
      points: '积分',
      manage: '管理',
    },
    profile: {
      changeBg: '更换背景',
      joined: '{{date}} 加入',
      noWorks: '还没有发布作品',
      noWorksHint: '去创作你的第一个AI作品吧',
    },
    doc: {
      service:
        '欢迎使用{{name}}。本协议是您与我们之间关于使用本产品及相关服务所订立的协议，请您仔细阅读。\n\n## 一、账号注册与使用\n\n您可以使用手机号验证码注册并登录。您应妥善保管账号和密码，因您保管不善造成的损失由您自行承担。账号仅限本人使用，不得出借、转让或出售。\n\n## 二、服务内容\n\n我们提供AI文案、AI绘画、AI配音、AI视频等创作工具，以及内容广场、会员、活动等服务。部分功能需开通会员或消耗金币、积分后使用，具体以页面说明为准。\n\n## 三、用户行为规范\n\n您不得利用本服务制作、发布、传播违反法律法规、危害国家安全、侵害他人合法权益或含有色情、暴力、赌博等内容的信息。我们有权对违规内容进行删除，并对违规账号采取限制或封禁措施。\n\n## 四、AI生成内容\n\nAI生成的内容仅供参考，可能存在不准确之处。您应对使用生成内容的行为自行负责，并在发布时遵守相关规定。\n\n## 五、知识产权\n\n您在本产品中创作并发布的内容，其权利归您所有；您授权我们在提供服务所必需的范围内使用这些内容。\n\n## 六、账号注销\n\n您可以在「设置-账号管理-注销账号」中申请注销。注销后账号无法登录，个人资料将被匿名化处理，手机号将被释放。\n\n## 七、其他\n\n我们可能根据业务需要修改本协议，修改后的协议将在页面公布。如有疑问，请通过「我的客服」联系我们。',
      privacy:
        '{{name}}重视您的个人信息保护。本政策说明我们如何收集、使用、存储和保护您的个人信息。\n\n## 一、我们收集的信息\n\n注册登录时的手机号；您主动填写的昵称、头像、个人简介；实名认证时的姓名和身份证号；使用服务时产生的创作记录、设备型号、操作系统和日志信息。\n\n## 二、信息的使用\n\n用于账号登录与安全保障、提供和改进创作服务、处理会员订单、履行实名认证等法定义务。我们不会将您的个人信息出售给第三方。\n\n## 三、信息的存储与保护\n\n您的信息存储在中华人民共和国境内。身份证号经加密后存储，且仅以脱敏形式展示；密码经不可逆加密处理。\n\n## 四、您的权利\n\n您可以查看和修改个人资料、更换手机号、修改密码，也可以注销账号。注销后我们将删除或匿名化处理您的个人信息，法律法规另有规定的除外。\n\n## 五、未成年人保护\n\n未满14周岁的未成年人应在监护人同意和指导下使用本服务。\n\n## 六、联系我们\n\n如对本政策有任何疑问，可通过「我的客服」或「意见反馈」与我们联系。',
      guide:
        '欢迎来到{{name}}！这里教你快速上手。\n\n## 登录\n\n在「我的」页面点击「立即登录」，使用手机验证码即可登录，新手机号会自动注册。也可以在「设置-账号管理」中设置密码，之后使用密码登录。\n\n## 开始创作\n\n在首页选择AI文案、AI绘画、AI配音或AI视频，输入你的想法，几秒钟即可得到作品。创作结果可以保存、复制或发布到广场。\n\n## 广场\n\n在广场浏览大家的作品，点赞、评论或收藏喜欢的内容。不想看到某位作者的内容时，可以将其屏蔽。\n\n## 会员与积分\n\n开通会员可享受更多创作次数。每日签到可领取积分，积分可在积分商城兑换礼品。\n\n## 账号安全\n\n请勿将验证码告诉他人。在「设置-账号管理」中可以修改密码、更换手机号、管理屏蔽列表。',
    },
  },
};
