/** Settings pages (clear cache, update log, wallpaper, downloads): Simplified Chinese. Merged into the root locale. */
export default {
  settingsPages: {
    loadFailed: '加载失败，请重试',
    clearCache: '清除缓存',
    clearCacheConfirm: '确定清除缓存吗？登录状态和语言设置会保留。',
    cacheCleared: '缓存已清除',
    logs: {
      version: '版本 {{version}}',
      v152: { n1: '新增积分商城、幸运大转盘和美食投票活动', n2: '帮助中心支持在线客服和图片反馈', n3: '修复部分机型视频播放卡顿的问题' },
      v151: { n1: '新增每日签到，连续签到积分更多', n2: '个人主页支持更换背景图', n3: '优化 AI 文案生成速度' },
      v150: { n1: '全新内容广场，支持点赞、评论和转发', n2: '新增 AI 配音', n3: '新增会员中心和优惠券', n4: '支持繁体中文、英语、西班牙语和法语' },
      v140: { n1: '新增 AI 视频生成', n2: '下载管理支持查看和删除生成的作品', n3: '改进登录流程，支持验证码登录' },
      v130: { n1: '新增 AI 绘画，支持多种风格', n2: '新增实名认证', n3: '修复已知问题，提升稳定性' },
      v120: { n1: '新增消息中心', n2: '优化首页加载速度' },
      v100: { n1: '首个版本上线：AI 文案创作', n2: '支持手机号注册和登录' },
    },
    wallpaper: {
      names: { sunrise: '晨曦', ocean: '海洋', forest: '森林', night: '星夜', lavender: '薰衣草', mint: '薄荷' },
      custom: '自定义图片',
      upload: '从相册上传',
      reset: '恢复默认背景',
    },
    files: {
      empty: '还没有生成的作品',
      kinds: { copy: '文案', drawing: '绘画', video: '视频', dub: '配音', other: '作品' },
      expired: '已过期',
      videoKept: '生成的视频保存 {{days}} 天，请及时下载',
      expiredTip: '该视频已超过保存期限，已无法查看或下载，请重新生成',
      delete: '删除',
      deleteConfirm: '确定删除「{{title}}」吗？删除后无法恢复。',
      deleted: '已删除',
    },
  },
};
