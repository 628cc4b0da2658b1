/** The me area (the mine tab's assets, the personal homepage): Spanish. */
export default {
  me: {
    mine: {
      gold: 'Oro',
      points: 'Puntos',
      manage: 'Gestionar',
      member: 'Miembro',
      renew: 'Renovar',
    },
    profile: {
      changeBg: 'Cambiar fondo',
      joined: 'Se unió el {{date}}',
      block: 'Bloquear',
      unblock: 'Desbloquear',
      report: 'Denunciar',
      blockTitle: 'Bloquear a este usuario',
      blockContent:
        'Ya no verás las obras ni los comentarios de «{{name}}». Puedes deshacerlo en Ajustes › Usuarios bloqueados.',
      blocked: 'Usuario bloqueado',
      unblocked: 'Usuario desbloqueado',
      blockedNote: 'Has bloqueado a este usuario; sus obras están ocultas',
      notFound: 'Este usuario no existe',
    },
  },
};
