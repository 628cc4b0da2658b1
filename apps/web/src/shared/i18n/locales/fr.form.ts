/** The shared form pieces (phone and SMS code fields, password checks): French. Loaded with the page messages. */
export default {
  form: {
    getCode: 'Obtenir le code',
    resendIn: 'Renvoyer dans {{seconds}} s',
    codeSent: 'Code envoyé',
    humanCheck: {
      title: 'Vérification humaine',
      why: 'Beaucoup de codes ont été demandés depuis ce réseau ou cet appareil : faites d’abord la vérification humaine',
      start: 'Vérifier',
      solving: 'Vérification…',
      failed: 'La vérification a échoué. Réessayez',
    },
    field: {
      phone: 'Téléphone',
      phonePlaceholder: 'Saisissez votre numéro',
      code: 'Code de vérification',
      codePlaceholder: 'Saisissez le code à 6 chiffres',
      newPassword: 'Nouveau mot de passe',
      newPasswordPlaceholder: 'De 6 à 21 caractères',
      confirmPassword: 'Confirmer le mot de passe',
      confirmPasswordPlaceholder: 'Saisissez à nouveau le nouveau mot de passe',
    },
    error: {
      phoneRequired: 'Saisissez votre numéro de téléphone',
      phoneInvalid: 'Saisissez un numéro de téléphone valide',
      codeRequired: 'Saisissez le code de vérification',
      codeInvalid: 'Le code comporte 6 chiffres',
      passwordRequired: 'Saisissez votre mot de passe',
      passwordInvalid: 'Le mot de passe doit comporter de 6 à 21 caractères',
      confirmMismatch: 'Les mots de passe ne correspondent pas',
    },
  },
};
