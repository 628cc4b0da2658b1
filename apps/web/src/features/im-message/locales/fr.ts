/** Message centre and realtime notices: French. Merged into the root locale. */
export default {
  imMessage: {
    forcedOffline: 'Votre session a pris fin (connexion ailleurs ou mot de passe modifié). Veuillez vous reconnecter',
    newMessage: 'Nouveau message : {{title}}',
    markAllRead: 'Tout marquer comme lu',
    allRead: 'Tous les messages sont marqués comme lus',
    empty: 'Aucun message pour le moment',
    emptyHint: 'Les commentaires, mentions J’aime, résultats de vérification et réponses du support apparaissent ici',
    loadFailed: 'Échec du chargement, veuillez réessayer',
    loadMore: 'Charger plus',
    noMore: 'Plus aucun message',
    unread: 'Non lu',
    today: 'Aujourd’hui',
    yesterday: 'Hier',
    open: 'Centre de messages',
    badge_one: '{{count}} message non lu',
    badge_many: '{{count}} messages non lus',
    badge_other: '{{count}} messages non lus',
    types: {
      comment: 'Commentaire',
      like: 'J’aime',
      real_name: 'Vérification d’identité',
      job: 'Tâche',
      service: 'Support',
      system: 'Système',
      chat: 'Discussion',
    },
  }
};
