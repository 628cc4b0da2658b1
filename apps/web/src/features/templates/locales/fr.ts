/** Prompt template pages (issue 7): French. Merged into the root locale. */
export default {
  temps: {
  "search": "Rechercher un modèle",
  "all": "Tous",
  "empty": "Aucun modèle",
  "uses": "Utilisé {{n}} fois",
  "fields": "À remplir",
  "example": "Exemple",
  "use": "Utiliser ce modèle",
  "required": "Veuillez remplir {{label}}",
  "tooLong": "{{label}} : {{max}} caractères au plus",
  "generate": "Générer",
  "notFound": "Ce modèle n'existe pas",
  "optional": "Facultatif",
  "choose": "Choisir"
},
};
