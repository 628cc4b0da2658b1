/** Message centre and realtime notices: Spanish. Merged into the root locale. */
export default {
  imMessage: {
    forcedOffline: 'Tu sesión ha terminado (inicio en otro dispositivo o contraseña cambiada). Vuelve a iniciar sesión',
    newMessage: 'Nuevo mensaje: {{title}}',
    markAllRead: 'Marcar todo como leído',
    allRead: 'Todos los mensajes marcados como leídos',
    empty: 'Aún no hay mensajes',
    emptyHint: 'Aquí aparecerán comentarios, me gusta, resultados de revisión y respuestas de soporte',
    loadFailed: 'Error al cargar, inténtalo de nuevo',
    loadMore: 'Cargar más',
    noMore: 'No hay más mensajes',
    unread: 'No leído',
    today: 'Hoy',
    yesterday: 'Ayer',
    open: 'Centro de mensajes',
    badge_one: '{{count}} mensaje sin leer',
    badge_many: '{{count}} mensajes sin leer',
    badge_other: '{{count}} mensajes sin leer',
    types: {
      comment: 'Comentario',
      like: 'Me gusta',
      real_name: 'Verificación de identidad',
      job: 'Tarea',
      service: 'Soporte',
      system: 'Sistema',
      chat: 'Chat',
    },
  }
};
