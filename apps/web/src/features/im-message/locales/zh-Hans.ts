/** Message centre and realtime notices: Simplified Chinese. Merged into the root locale. */
export default {
  imMessage: {
    forcedOffline: '你的登录已失效（在其他设备登录或密码已修改），请重新登录',
    newMessage: '新消息：{{title}}',
    markAllRead: '全部已读',
    allRead: '已全部标为已读',
    empty: '暂无消息',
    emptyHint: '评论、点赞、审核结果和客服回复会显示在这里',
    loadFailed: '加载失败，请重试',
    loadMore: '加载更多',
    noMore: '没有更多了',
    unread: '未读',
    today: '今天',
    yesterday: '昨天',
    open: '消息中心',
    badge_other: '{{count}} 条未读消息',
    types: {
      comment: '评论',
      like: '点赞',
      real_name: '实名认证',
      job: '任务',
      service: '客服',
      system: '系统',
      chat: '对话',
    },
  }
};
