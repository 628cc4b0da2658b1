/** Message centre and realtime notices: Traditional Chinese. Merged into the root locale. */
export default {
  imMessage: {
    forcedOffline: '你的登入已失效（在其他裝置登入或密碼已修改），請重新登入',
    newMessage: '新訊息：{{title}}',
    markAllRead: '全部已讀',
    allRead: '已全部標為已讀',
    empty: '暫無訊息',
    emptyHint: '評論、按讚、審核結果和客服回覆會顯示在這裡',
    loadFailed: '載入失敗，請重試',
    loadMore: '載入更多',
    noMore: '沒有更多了',
    unread: '未讀',
    today: '今天',
    yesterday: '昨天',
    open: '訊息中心',
    badge_other: '{{count}} 則未讀訊息',
    types: {
      comment: '評論',
      like: '按讚',
      real_name: '實名認證',
      job: '任務',
      service: '客服',
      system: '系統',
      chat: '對話',
    },
  }
};
