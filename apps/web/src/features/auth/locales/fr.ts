/** Accounts pages (the user area: login, password, binding, documents): French. Merged into the root locale. */
export default {
  auth: {
    loginSuccess: 'Connecté',
    guestEntered: 'Vous naviguez en visiteur ; connectez-vous pour tout utiliser',
    field: {
      account: 'Compte',
      accountPlaceholder: 'Téléphone ou nom de compte',
      password: 'Mot de passe',
      passwordPlaceholder: 'Saisissez votre mot de passe',
    },
    error: {
      accountRequired: 'Saisissez un téléphone ou un nom de compte',
      accountInvalid: 'Le compte doit comporter 4 à 14 lettres, chiffres, _ ou -',
    },
    agreement: {
      prefix: "J'ai lu et j'accepte les",
      service: "Conditions d'utilisation",
      and: 'et la',
      privacy: 'Politique de confidentialité',
      required: "Veuillez lire et accepter les Conditions d'utilisation et la Politique de confidentialité",
    },
    index: {
      smsLogin: 'Connexion par code SMS',
      passwordLogin: 'Connexion par mot de passe',
      visitorLogin: "Visiter en tant qu'invité",
      guestHint: 'Les invités peuvent parcourir la place et les contenus ; créer demande une connexion',
    },
    login: {
      intro: 'Un nouveau numéro obtient automatiquement un compte après vérification',
      giftWithheldDevice: 'Inscription réussie. Cet appareil a déjà reçu un cadeau de bienvenue (un par appareil), ce compte n’en reçoit donc pas.',
      giftWithheldIp: 'Inscription réussie. Votre réseau a atteint le nombre de cadeaux de bienvenue du jour, ce compte n’en reçoit donc pas.',
      submit: 'Se connecter',
      byPassword: 'Connexion par mot de passe',
    },
    passwd: {
      intro: 'Connectez-vous avec votre téléphone ou nom de compte et votre mot de passe',
      bySms: 'Connexion par code SMS',
    },
    forget: {
      link: 'Mot de passe oublié',
      intro: 'Réinitialisez votre mot de passe avec un code SMS ; vous devrez vous reconnecter',
      submit: 'Réinitialiser',
      done: 'Mot de passe réinitialisé. Veuillez vous reconnecter',
    },
    bind: {
      intro: 'Pour protéger votre compte, associez un numéro de téléphone',
      submit: 'Associer et se connecter',
      noTicketTitle: 'Association impossible',
      noTicket: 'Ouvrez cette page depuis la connexion WeChat',
    },
    download: {
      install: "Ajouter à l'écran d'accueil",
      installHint: "Choisissez « Ajouter à l'écran d'accueil » dans le menu du navigateur pour l'installer",
      installed: "Installée sur l'écran d'accueil",
      android: 'Télécharger pour Android',
      ios: "Télécharger sur l'App Store",
    },
    doc: {
      service:
        "Bienvenue sur {{name}}. Ces conditions constituent un accord entre vous et nous sur l'utilisation de ce produit et de ses services. Lisez-les attentivement.\n\n## 1. Compte\n\nVous pouvez vous inscrire et vous connecter avec un code SMS. Protégez votre compte et votre mot de passe ; le compte est personnel et ne peut être prêté, cédé ni vendu.\n\n## 2. Services\n\nNous proposons des outils d'IA pour le texte, le dessin, le doublage et la vidéo, une place de contenus, un abonnement et des activités. Certaines fonctions demandent un abonnement ou coûtent de l'or ou des points, comme l'indique chaque page.\n\n## 3. Conduite\n\nN'utilisez pas le service pour créer ou diffuser des contenus illégaux, portant atteinte à la sécurité nationale ou aux droits d'autrui, ou contenant de la pornographie, de la violence ou des jeux d'argent. Nous pouvons retirer ces contenus et restreindre ou bloquer les comptes.\n\n## 4. Contenus générés par l'IA\n\nLes contenus générés par l'IA sont indicatifs et peuvent être inexacts. Vous êtes responsable de leur usage.\n\nComme l'exigent les règles chinoises d'étiquetage des contenus générés par l'IA et la norme nationale GB 45438-2025, nous étiquetons ce que nous générons : les images portent « AI生成 » dans le coin inférieur droit ; les vidéos affichent « AI生成 » pendant au moins leurs 2 premières secondes et une petite marque dans un coin tout du long (l'opérateur peut retirer la marque du coin, jamais celle du début) ; les doublages commencent par un signal rythmique court-long-court-court ou la phrase parlée « 本音频由AI生成 », et leurs sous-titres sont décalés d'autant ; les réponses de l'IA indiquent « Contenu généré par IA » là où vous les lisez, et les copier ou les publier ajoute cette ligne à la fin. Chaque fichier porte aussi une étiquette cachée dans ses métadonnées (le service, un identifiant et une signature numérique) qui permet d'en retrouver l'origine. L'adhésion retire seulement nos marques, jamais les étiquettes IA.\n\nEn publiant sur la place, choisissez honnêtement votre déclaration de création ; les œuvres faites avec nos outils d'IA sont déclarées générées par IA, sans possibilité de l'enlever. Vous ne pouvez ni supprimer, ni modifier, ni falsifier, ni masquer ces étiquettes.\n\n## 5. Propriété intellectuelle\n\nCe que vous créez et publiez vous appartient ; vous nous autorisez à l'utiliser dans la mesure nécessaire au service.\n\n## 6. Suppression du compte\n\nVous pouvez supprimer votre compte dans Réglages › Gestion du compte › Supprimer le compte. Un compte supprimé ne peut plus se connecter, ses données personnelles sont anonymisées et son numéro est libéré.\n\n## 7. Divers\n\nNous pouvons modifier ces conditions et publierons les changements dans l'application. Contactez-nous via le Service client.",
      privacy:
        "{{name}} protège vos informations personnelles. Cette politique explique comment nous les collectons, utilisons, conservons et protégeons.\n\n## 1. Ce que nous collectons\n\nVotre numéro de téléphone à l'inscription ; le pseudo, l'avatar et la présentation que vous saisissez ; votre nom et numéro d'identité pour la vérification ; vos œuvres, le modèle d'appareil, le système et les journaux.\n\n## 2. Utilisation\n\nPour vous connecter et protéger votre compte, fournir et améliorer les services de création, traiter les commandes d'abonnement et remplir des obligations légales comme la vérification d'identité. Nous ne vendons jamais vos informations.\n\n## 3. Conservation et protection\n\nVos informations sont conservées en République populaire de Chine. Les numéros d'identité sont chiffrés et seulement affichés masqués ; les mots de passe sont hachés.\n\n## 4. Vos droits\n\nVous pouvez consulter et modifier votre profil, changer de téléphone et de mot de passe et supprimer votre compte. Après suppression, vos données sont effacées ou anonymisées sauf disposition légale contraire.\n\n## 5. Mineurs\n\nLes enfants de moins de 14 ans doivent utiliser le service avec l'accord et l'accompagnement d'un tuteur.\n\n## 6. Contact\n\nÉcrivez-nous via le Service client ou les Avis.",
      guide:
        "Bienvenue sur {{name}} ! Voici comment commencer.\n\n## Connexion\n\nDans l'onglet Moi, touchez Se connecter et utilisez un code SMS ; un nouveau numéro est inscrit automatiquement. Vous pouvez définir un mot de passe dans Réglages › Gestion du compte.\n\n## Créer\n\nSur l'accueil, choisissez texte, dessin, doublage ou vidéo par IA, décrivez votre idée et obtenez une œuvre en quelques secondes. Enregistrez-la, copiez-la ou publiez-la sur la place.\n\n## Place\n\nParcourez les œuvres de tous, aimez, commentez ou enregistrez-les. Bloquez un auteur dont vous ne voulez plus voir les contenus.\n\n## Abonnement et points\n\nLes abonnés créent davantage. Pointez chaque jour pour gagner des points et échangez-les dans la boutique.\n\n## Sécurité\n\nNe communiquez jamais votre code de vérification. Changez de mot de passe ou de téléphone et gérez vos blocages dans Réglages › Gestion du compte.",
    },
  },
};
