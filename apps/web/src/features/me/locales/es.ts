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
    },
  },
};
