/** Accounts pages (user area, mine additions, personal homepage): traditional Chinese. Merged into the root locale. */
export default {
  user: {
    getCode: '獲取驗證碼',
    resendIn: '{{seconds}}秒後重發',
    codeSent: '驗證碼已發送',
    loginSuccess: '登錄成功',
    field: {
      phone: '手機號',
      phonePlaceholder: '請輸入手機號',
      code: '驗證碼',
      codePlaceholder: '請輸入6位驗證碼',
      account: '帳號',
      accountPlaceholder: '手機號或帳號名',
      password: '密碼',
      passwordPlaceholder: '請輸入密碼',
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
      accountRequired: '請輸入手機號或帳號名',
      passwordRequired: '請輸入密碼',
      passwordInvalid: '密碼長度為6-21位',
      confirmMismatch: '兩次輸入的密碼不一致',
    },
    agreement: {
      prefix: '我已閱讀並同意',
      service: '《服務協議》',
      and: '和',
      privacy: '《隱私政策》',
      required: '請先閱讀並同意服務協議和隱私政策',
    },
    index: {
      smsLogin: '手機驗證碼登錄',
      passwordLogin: '密碼登錄',
      visitorLogin: '先逛逛（遊客登錄）',
      guestHint: '遊客模式下可瀏覽廣場和内容詳情，創作功能需登錄後使用',
    },
    login: {
      intro: '未註冊的手機號驗證後將自動創建帳號',
      submit: '登錄',
      byPassword: '密碼登錄',
    },
    passwd: {
      intro: '使用手機號或帳號名和密碼登錄',
      bySms: '驗證碼登錄',
    },
    forget: {
      link: '忘記密碼',
      intro: '通過手機驗證碼重新設置密碼，設置後需重新登錄',
      submit: '重置密碼',
      done: '密碼已重置，請重新登錄',
    },
    bind: {
      intro: '為保障帳號安全，請綁定手機號',
      submit: '綁定並登錄',
      noTicketTitle: '無法綁定',
      noTicket: '請從微信登錄進入此頁面',
    },
    download: {
      install: '添加到主屏幕',
      installHint: '在瀏覽器菜單中選擇「添加到主屏幕」即可安裝',
      installed: '已安裝到主屏幕',
      android: '安卓應用商店下載',
      ios: 'App Store 下載',
    },
    mine: {
      gold: '金幣',
      points: '積分',
      manage: '管理',
    },
    profile: {
      changeBg: '更換背景',
      joined: '{{date}} 加入',
      noWorks: '還沒有發布作品',
      noWorksHint: '去創作你的第一個AI作品吧',
    },
    doc: {
      service:
        '歡迎使用{{name}}。本協議是您與我們之間關於使用本產品及相關服務所訂立的協議，請您仔細閱讀。\n\n## 一、帳號註冊與使用\n\n您可以使用手機號驗證碼註冊並登錄。您應妥善保管帳號和密碼，因您保管不善造成的損失由您自行承擔。帳號僅限本人使用，不得出借、轉讓或出售。\n\n## 二、服務内容\n\n我們提供AI文案、AI繪畫、AI配音、AI視頻等創作工具，以及内容廣場、會員、活動等服務。部分功能需開通會員或消耗金幣、積分後使用，具體以頁面說明為準。\n\n## 三、用戶行為規範\n\n您不得利用本服務制作、發布、傳播違反法律法規、危害國家安全、侵害他人合法權益或含有色情、暴力、賭博等内容的信息。我們有權對違規内容進行刪除，並對違規帳號采取限制或封禁措施。\n\n## 四、AI生成内容\n\nAI生成的内容僅供參考，可能存在不準確之處。您應對使用生成内容的行為自行負責，並在發布時遵守相關規定。\n\n## 五、知識產權\n\n您在本產品中創作並發布的内容，其權利歸您所有；您授權我們在提供服務所必需的範圍内使用這些内容。\n\n## 六、帳號註銷\n\n您可以在「設置-帳號管理-註銷帳號」中申請註銷。註銷後帳號無法登錄，個人資料將被匿名化處理，手機號將被釋放。\n\n## 七、其他\n\n我們可能根據業務需要修改本協議，修改後的協議將在頁面公布。如有疑問，請通過「我的客服」聯繫我們。',
      privacy:
        '{{name}}重視您的個人信息保護。本政策說明我們如何收集、使用、存儲和保護您的個人信息。\n\n## 一、我們收集的信息\n\n註冊登錄時的手機號；您主動填寫的昵稱、頭像、個人簡介；實名認證時的姓名和身份證號；使用服務時產生的創作記錄、設備型號、操作系統和日誌信息。\n\n## 二、信息的使用\n\n用於帳號登錄與安全保障、提供和改進創作服務、處理會員訂單、履行實名認證等法定義務。我們不會將您的個人信息出售給第三方。\n\n## 三、信息的存儲與保護\n\n您的信息存儲在中華人民共和國境内。身份證號經加密後存儲，且僅以脫敏形式展示；密碼經不可逆加密處理。\n\n## 四、您的權利\n\n您可以查看和修改個人資料、更換手機號、修改密碼，也可以註銷帳號。註銷後我們將刪除或匿名化處理您的個人信息，法律法規另有規定的除外。\n\n## 五、未成年人保護\n\n未滿14周歲的未成年人應在監護人同意和指導下使用本服務。\n\n## 六、聯繫我們\n\n如對本政策有任何疑問，可通過「我的客服」或「意見反饋」與我們聯繫。',
      guide:
        '歡迎來到{{name}}！這裡教你快速上手。\n\n## 登錄\n\n在「我的」頁面點擊「立即登錄」，使用手機驗證碼即可登錄，新手機號會自動註冊。也可以在「設置-帳號管理」中設置密碼，之後使用密碼登錄。\n\n## 開始創作\n\n在首頁選擇AI文案、AI繪畫、AI配音或AI視頻，輸入你的想法，幾秒鐘即可得到作品。創作結果可以保存、複製或發布到廣場。\n\n## 廣場\n\n在廣場瀏覽大家的作品，點讚、評論或收藏喜歡的内容。不想看到某位作者的内容時，可以將其屏蔽。\n\n## 會員與積分\n\n開通會員可享受更多創作次數。每日簽到可領取積分，積分可在積分商城兌換禮品。\n\n## 帳號安全\n\n請勿將驗證碼告訴他人。在「設置-帳號管理」中可以修改密碼、更換手機號、管理屏蔽列表。',
    },
  },
};
