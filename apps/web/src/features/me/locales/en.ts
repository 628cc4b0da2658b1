/** The me area (the mine tab's assets, the personal homepage): English. */
export default {
  me: {
    mine: {
      gold: 'Gold',
      points: 'Points',
      manage: 'Manage',
      member: 'Member',
      renew: 'Renew',
    },
    profile: {
      changeBg: 'Change background',
      joined: 'Joined {{date}}',
    },
  },
};
