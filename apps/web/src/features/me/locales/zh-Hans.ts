/** The me area (the mine tab's assets, the personal homepage): simplified Chinese. */
export default {
  me: {
    mine: {
      gold: '金币',
      points: '积分',
      manage: '管理',
      member: '尊享会员',
      renew: '续费',
    },
    profile: {
      changeBg: '更换背景',
      joined: '{{date}} 加入',
      block: '拉黑',
      unblock: '取消拉黑',
      report: '举报',
      blockTitle: '拉黑该用户',
      blockContent: '拉黑后将不再看到“{{name}}”的作品和评论，可在设置-屏蔽管理中解除。',
      blocked: '已拉黑该用户',
      unblocked: '已取消拉黑',
      blockedNote: '你已拉黑该用户，不再显示其作品',
      notFound: '用户不存在',
    },
  },
};
