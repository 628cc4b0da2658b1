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
      block: 'Block',
      unblock: 'Unblock',
      report: 'Report',
      blockTitle: 'Block this user',
      blockContent:
        'You will no longer see works and comments by “{{name}}”. You can undo this in Settings › Blocked users.',
      blocked: 'User blocked',
      unblocked: 'User unblocked',
      blockedNote: 'You blocked this user; their works are hidden',
      notFound: 'This user does not exist',
    },
  },
};
