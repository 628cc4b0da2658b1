/** The me area (the mine tab's assets, the personal homepage): French. */
export default {
  me: {
    mine: {
      gold: 'Or',
      points: 'Points',
      manage: 'Gérer',
      member: 'Membre',
      renew: 'Renouveler',
    },
    profile: {
      changeBg: "Changer l'arrière-plan",
      joined: 'Inscrit le {{date}}',
    },
  },
};
