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
    },
  },
};
