/** Settings pages (clear cache, update log, wallpaper, downloads): Spanish. Merged into the root locale. */
export default {
  settingsPages: {
    loadFailed: 'No se pudo cargar, inténtalo de nuevo',
    clearCache: 'Borrar caché',
    clearCacheConfirm: '¿Borrar la caché? Seguirás con la sesión iniciada y tu idioma.',
    cacheCleared: 'Caché borrada',
    logs: {
      version: 'Versión {{version}}',
      v152: { n1: 'Nueva tienda de puntos, ruleta de la suerte y votación de comida', n2: 'Centro de ayuda con atención al cliente en vivo y opiniones con imágenes', n3: 'Corregidos tirones al reproducir vídeo en algunos móviles' },
      v151: { n1: 'Nuevo registro diario: más puntos con la racha', n2: 'Elige un fondo para tu página personal', n3: 'Textos con IA más rápidos' },
      v150: { n1: 'Nueva plaza con me gusta, comentarios y compartir', n2: 'Nueva locución con IA', n3: 'Nuevo centro de membresía y cupones', n4: 'Chino tradicional, inglés, español y francés' },
      v140: { n1: 'Nueva generación de vídeo con IA', n2: 'Descargas: ve y borra lo que generaste', n3: 'Inicio de sesión más fácil con código SMS' },
      v130: { n1: 'Nuevo dibujo con IA en muchos estilos', n2: 'Verificación de identidad', n3: 'Correcciones y más estabilidad' },
      v120: { n1: 'Nuevo centro de mensajes', n2: 'Página de inicio más rápida' },
      v100: { n1: 'Primera versión: textos con IA', n2: 'Registro e inicio de sesión con el teléfono' },
    },
    wallpaper: {
      names: { sunrise: 'Amanecer', ocean: 'Océano', forest: 'Bosque', night: 'Noche estrellada', lavender: 'Lavanda', mint: 'Menta' },
      custom: 'Mi imagen',
      upload: 'Subir desde el álbum',
      reset: 'Usar el fondo predeterminado',
    },
    files: {
      empty: 'Aún no has generado nada',
      kinds: { copy: 'Texto', drawing: 'Dibujo', video: 'Vídeo', dub: 'Locución', other: 'Obra' },
      expired: 'Caducado',
      videoKept: 'Los vídeos generados se guardan $t(unit.days, {"count": {{days}} }). Descárgalos a tiempo',
      expiredTip: 'Este vídeo ha superado su plazo de almacenamiento y ya no se puede ver ni descargar. Vuelve a generarlo',
      delete: 'Borrar',
      deleteConfirm: '¿Borrar «{{title}}»? No se puede deshacer.',
      deleted: 'Borrado',
    },
  },
};
