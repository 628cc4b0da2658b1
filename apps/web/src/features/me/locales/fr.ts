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
      block: 'Bloquer',
      unblock: 'Débloquer',
      report: 'Signaler',
      blockTitle: 'Bloquer cet utilisateur',
      blockContent:
        'Vous ne verrez plus les œuvres ni les commentaires de « {{name}} ». Vous pouvez annuler dans Réglages › Utilisateurs bloqués.',
      blocked: 'Utilisateur bloqué',
      unblocked: 'Utilisateur débloqué',
      blockedNote: 'Vous avez bloqué cet utilisateur ; ses œuvres sont masquées',
      notFound: "Cet utilisateur n'existe pas",
    },
  },
};
