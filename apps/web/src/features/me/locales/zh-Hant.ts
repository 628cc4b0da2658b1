/** The me area (the mine tab's assets, the personal homepage): traditional Chinese. */
export default {
  me: {
    mine: {
      gold: '金幣',
      points: '積分',
      manage: '管理',
      member: '尊享會員',
      renew: '續費',
    },
    profile: {
      changeBg: '更換背景',
      joined: '{{date}} 加入',
      block: '封鎖',
      unblock: '取消封鎖',
      report: '檢舉',
      blockTitle: '封鎖該使用者',
      blockContent: '封鎖後將不再看到「{{name}}」的作品和留言，可在設定-封鎖管理中解除。',
      blocked: '已封鎖該使用者',
      unblocked: '已取消封鎖',
      blockedNote: '你已封鎖該使用者，不再顯示其作品',
      notFound: '使用者不存在',
    },
  },
};
