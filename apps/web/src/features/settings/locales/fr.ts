/** Settings pages (clear cache, update log, wallpaper, downloads): French. Merged into the root locale. */
export default {
  settingsPages: {
    loadFailed: 'Échec du chargement, veuillez réessayer',
    clearCache: 'Vider le cache',
    clearCacheConfirm: 'Vider le cache ? Vous restez connecté et gardez votre langue.',
    cacheCleared: 'Cache vidé',
    logs: {
      version: 'Version {{version}}',
      v152: { n1: 'Nouveaux : boutique de points, roue de la chance et vote gourmand', n2: 'Centre d’aide avec service client en direct et avis avec images', n3: 'Correction des saccades vidéo sur certains téléphones' },
      v151: { n1: 'Nouveau pointage quotidien : plus de points avec la série', n2: 'Choisissez un fond pour votre page personnelle', n3: 'Rédaction IA plus rapide' },
      v150: { n1: 'Nouvelle place avec j’aime, commentaires et partage', n2: 'Nouveau doublage IA', n3: 'Nouveaux centre membre et coupons', n4: 'Chinois traditionnel, anglais, espagnol et français' },
      v140: { n1: 'Nouvelle génération de vidéos par IA', n2: 'Téléchargements : voir et supprimer vos créations', n3: 'Connexion simplifiée par code SMS' },
      v130: { n1: 'Nouveau dessin IA, plusieurs styles', n2: 'Vérification d’identité', n3: 'Corrections et meilleure stabilité' },
      v120: { n1: 'Nouveau centre de messages', n2: 'Accueil plus rapide' },
      v100: { n1: 'Première version : rédaction IA', n2: 'Inscription et connexion par numéro de téléphone' },
    },
    wallpaper: {
      names: { sunrise: 'Aube', ocean: 'Océan', forest: 'Forêt', night: 'Nuit étoilée', lavender: 'Lavande', mint: 'Menthe' },
      custom: 'Mon image',
      upload: 'Importer depuis l’album',
      reset: 'Fond par défaut',
    },
    files: {
      empty: 'Aucune création pour le moment',
      kinds: { copy: 'Texte', drawing: 'Dessin', video: 'Vidéo', dub: 'Doublage', other: 'Création' },
      expired: 'Expiré',
      videoKept: 'Les vidéos générées sont conservées $t(unit.days, {"count": {{days}} }). Téléchargez-les à temps',
      expiredTip: 'Cette vidéo a dépassé sa durée de conservation et ne peut plus être vue ni téléchargée. Veuillez la générer à nouveau',
      delete: 'Supprimer',
      deleteConfirm: 'Supprimer « {{title}} » ? Action irréversible.',
      deleted: 'Supprimé',
    },
  },
};
