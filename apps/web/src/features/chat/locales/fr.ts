/** AI chat, generated-copy and prompt-template pages: French. Merged into the root locale. */
export default {
  chat: {
  "placeholder": "Posez votre question…",
  "send": "Envoyer",
  "stop": "Arrêter",
  "stopped": "Arrêté",
  "offline": "Moteur hors ligne",
  "thinking": "Réflexion",
  "copy": "Copier",
  "copyFailed": "Échec de la copie, appuyez longuement sur le texte",
  "regenerate": "Régénérer",
  "robotName": "Assistant de rédaction IA",
  "welcome": "Bonjour, je suis votre assistant de rédaction IA. Que puis-je écrire pour vous ?",
  "historyEnd": "Aucun message plus ancien",
  "quota": {
    "title": "Plus de questions aujourd'hui",
    "vip": "Devenir membre",
    "remaining_one": "Encore {{count}} question aujourd'hui",
    "remaining_many": "Encore {{count}} questions aujourd'hui",
    "remaining_other": "Encore {{count}} questions aujourd'hui",
    "unlimited": "Questions illimitées pour les membres"
  },
  "login": {
    "title": "Veuillez vous connecter",
    "content": "Connectez-vous pour interroger l'IA. Aller à la connexion ?",
    "confirm": "Se connecter"
  },
  "page": {
    "what": "texte",
    "edit": "Modifier",
    "editing": "Modifier le texte",
    "done": "Terminé",
    "save": "Enregistrer",
    "publish": "Publier sur la place",
    "published": "Publié",
    "dub": "Créer un doublage",
    "video": "Créer une vidéo",
    "empty": "Le texte ne peut pas être vide",
    "generating": "Rédaction…",
    "question": "Demande"
  }
},
  temps: {
  "what": "modèle",
  "search": "Rechercher un modèle",
  "all": "Tous",
  "empty": "Aucun modèle",
  "uses_one": "Utilisé {{count}} fois",
  "uses_many": "Utilisé {{count}} fois",
  "uses_other": "Utilisé {{count}} fois",
  "fields": "À remplir",
  "example": "Exemple",
  "use": "Utiliser ce modèle",
  "required": "Veuillez remplir {{label}}",
  "tooLong": "{{label}} : {{max}} caractères au plus",
  "generate": "Générer",
  "notFound": "Ce modèle n'existe pas",
  "optional": "Facultatif",
  "freeTitle": "Création libre",
  "freeHint": "Dites ce que vous voulez écrire : sujet, usage, longueur. L’IA l’écrit pour vous.",
  "freePlaceholder": "ex. : un post d’ouverture pour un café de quartier, moins de 50 caractères",
  "freeEmpty": "Décrivez d’abord ce que vous voulez écrire",
  "pickTitle": "Partir d’un modèle",
  "allTemplates": "Tous les modèles",
  "choose": "Choisir"
},
};
