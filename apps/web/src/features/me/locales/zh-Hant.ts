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
    },
  },
};
