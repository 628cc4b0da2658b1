/** Settings pages (clear cache, update log, wallpaper, downloads): Traditional Chinese. Merged into the root locale. */
export default {
  settingsPages: {
    loadFailed: '載入失敗，請重試',
    clearCache: '清除快取',
    clearCacheConfirm: '確定清除快取嗎？登入狀態和語言設定會保留。',
    cacheCleared: '快取已清除',
    logs: {
      version: '版本 {{version}}',
      v152: { n1: '新增積分商城、幸運大轉盤和美食投票活動', n2: '幫助中心支援線上客服和圖片回饋', n3: '修復部分機型影片播放卡頓的問題' },
      v151: { n1: '新增每日簽到，連續簽到積分更多', n2: '個人主頁支援更換背景圖', n3: '優化 AI 文案生成速度' },
      v150: { n1: '全新內容廣場，支援按讚、留言和轉發', n2: '新增 AI 配音', n3: '新增會員中心和優惠券', n4: '支援繁體中文、英語、西班牙語和法語' },
      v140: { n1: '新增 AI 影片生成', n2: '下載管理支援查看和刪除生成的作品', n3: '改進登入流程，支援驗證碼登入' },
      v130: { n1: '新增 AI 繪畫，支援多種風格', n2: '新增實名認證', n3: '修復已知問題，提升穩定性' },
      v120: { n1: '新增訊息中心', n2: '優化首頁載入速度' },
      v100: { n1: '首個版本上線：AI 文案創作', n2: '支援手機號註冊和登入' },
    },
    wallpaper: {
      names: { sunrise: '晨曦', ocean: '海洋', forest: '森林', night: '星夜', lavender: '薰衣草', mint: '薄荷' },
      custom: '自訂圖片',
      upload: '從相簿上傳',
      reset: '恢復預設背景',
    },
    files: {
      empty: '還沒有生成的作品',
      kinds: { copy: '文案', drawing: '繪畫', video: '影片', dub: '配音', other: '作品' },
      expired: '已過期',
      videoKept: '生成的影片保存 {{days}} 天，請及時下載',
      expiredTip: '該影片已超過保存期限，已無法查看或下載，請重新生成',
      delete: '刪除',
      deleteConfirm: '確定刪除「{{title}}」嗎？刪除後無法恢復。',
      deleted: '已刪除',
    },
  },
};
